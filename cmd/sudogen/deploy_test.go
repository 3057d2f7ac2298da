package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/spf13/cobra"
)

// The deploy/ files are checked here: decoded strictly with the Kubernetes
// API types (any unknown or misspelt field fails), their commands parsed
// with this CLI's own flags, and then run: the manifests' and scripts'
// exact command lines, with only the sizes and paths made small, must give
// the unsharded run's file once merged.

// repoRoot is the repository's root, two folders up from this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// yamlDocs splits a multi-document YAML file.
func yamlDocs(t *testing.T, path string) [][]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var docs [][]byte
	for _, d := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(b), -1) {
		if strings.TrimSpace(regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(d, "")) != "" {
			docs = append(docs, []byte(d))
		}
	}
	return docs
}

// decodeJob decodes a batch/v1 Job strictly.
func decodeJob(t *testing.T, doc []byte) *batchv1.Job {
	t.Helper()
	var job batchv1.Job
	if err := yaml.UnmarshalStrict(doc, &job); err != nil {
		t.Fatalf("not a valid batch/v1 Job: %v", err)
	}
	if job.APIVersion != "batch/v1" || job.Kind != "Job" {
		t.Fatalf("apiVersion %q kind %q, want batch/v1 Job", job.APIVersion, job.Kind)
	}
	return &job
}

// parseCLI parses args as this CLI would and returns the command they
// name, refusing unknown commands and flags and bad flag values.
func parseCLI(t *testing.T, args []string) *cobra.Command {
	t.Helper()
	root := NewCmdRoot()
	cmd, rest, err := root.Find(args)
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if err := cmd.ParseFlags(rest); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return cmd
}

func flagValue(t *testing.T, cmd *cobra.Command, name string) string {
	t.Helper()
	f := cmd.Flags().Lookup(name)
	if f == nil || !f.Changed {
		t.Fatalf("%s: --%s is not set", cmd.Name(), name)
	}
	return f.Value.String()
}

// k8sContainer returns the pod's only container, checked for what every
// sudogen pod needs: the image's binary, a non-root user, resources.
func k8sContainer(t *testing.T, job *batchv1.Job) corev1.Container {
	t.Helper()
	spec := job.Spec.Template.Spec
	if len(spec.Containers) != 1 {
		t.Fatalf("%s: %d containers, want 1", job.Name, len(spec.Containers))
	}
	c := spec.Containers[0]
	if len(c.Command) != 1 || c.Command[0] != "/usr/local/bin/sudogen" {
		t.Errorf("%s: command %v, want the image's /usr/local/bin/sudogen", job.Name, c.Command)
	}
	if sc := spec.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 {
		t.Errorf("%s: the pod must run as a non-root user", job.Name)
	}
	if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
		t.Errorf("%s: cpu and memory requests and a memory limit are needed", job.Name)
	}
	if spec.RestartPolicy != corev1.RestartPolicyNever && spec.RestartPolicy != corev1.RestartPolicyOnFailure {
		t.Errorf("%s: restartPolicy %q", job.Name, spec.RestartPolicy)
	}
	return c
}

// TestKubernetesManifests checks deploy/kubernetes and runs its commands.
func TestKubernetesManifests(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "deploy", "kubernetes")
	docs := yamlDocs(t, filepath.Join(dir, "batch-job.yaml"))
	if len(docs) != 2 {
		t.Fatalf("batch-job.yaml: %d documents, want the volume claim and the Job", len(docs))
	}
	var pvc corev1.PersistentVolumeClaim
	if err := yaml.UnmarshalStrict(docs[0], &pvc); err != nil || pvc.Kind != "PersistentVolumeClaim" {
		t.Fatalf("first document: not a PersistentVolumeClaim: %v", err)
	}
	if !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Error("the shard volume must be ReadWriteMany: pods on many nodes write to it")
	}
	job := decodeJob(t, docs[1])
	spec := job.Spec
	if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion {
		t.Fatal("the batch Job must use completionMode: Indexed")
	}
	if spec.Completions == nil || *spec.Completions < 2 {
		t.Fatal("completions must be set (the number of shards)")
	}
	shards := int(*spec.Completions)
	c := k8sContainer(t, job)
	env := map[string]string{}
	seedFromConfigMap := false
	for _, e := range c.Env {
		env[e.Name] = e.Value
		if e.Name == "SUDOGEN_SEED" && e.ValueFrom != nil && e.ValueFrom.ConfigMapKeyRef != nil &&
			e.ValueFrom.ConfigMapKeyRef.Name == "sudogen-run" && e.ValueFrom.ConfigMapKeyRef.Key == "seed" &&
			(e.ValueFrom.ConfigMapKeyRef.Optional == nil || !*e.ValueFrom.ConfigMapKeyRef.Optional) {
			seedFromConfigMap = true
		}
	}
	if env["SUDOGEN_SHARDS"] != strconv.Itoa(shards) {
		t.Fatalf("SUDOGEN_SHARDS=%q, but completions is %d: every pod would take the wrong shard", env["SUDOGEN_SHARDS"], shards)
	}
	// The seed is the Job's, not the file's: every pod reads it from the
	// ConfigMap the operator creates (required, so a missing one stops the
	// pods instead of defaulting). Kubernetes expands $(SUDOGEN_SEED) in
	// the arguments; here a seed of the test's stands for it.
	if !seedFromConfigMap || !slices.Contains(c.Args, "--seed=$(SUDOGEN_SEED)") {
		t.Fatalf("the seed must come from the required ConfigMap sudogen-run (key seed) as --seed=$(SUDOGEN_SEED): %v", c.Args)
	}
	const seed = "8675309"
	expand := func(args []string, index int) []string {
		var out []string
		for _, a := range args {
			a = strings.ReplaceAll(a, "$(SUDOGEN_SEED)", seed)
			a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", strconv.Itoa(index))
			out = append(out, a)
		}
		return out
	}
	batchCmd := parseCLI(t, expand(c.Args, 0))
	if batchCmd.Name() != "batch" || flagValue(t, batchCmd, "resume") != "true" {
		t.Fatalf("the pods must run batch --resume (a restarted pod resumes): %v", c.Args)
	}
	if f := batchCmd.Flags().Lookup("shard"); f.Changed {
		t.Error("--shard must not be set: each pod takes its shard from JOB_COMPLETION_INDEX")
	}
	output := ""
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a, "--output="); ok {
			output = v
		}
	}
	if !strings.Contains(output, "$(JOB_COMPLETION_INDEX)") {
		t.Fatalf("--output=%s must hold $(JOB_COMPLETION_INDEX): each pod writes its own file", output)
	}
	if flagValue(t, batchCmd, "seed") != seed {
		t.Fatal("--seed is not the ConfigMap's")
	}
	count, _ := strconv.Atoi(flagValue(t, batchCmd, "count"))
	if w, _ := strconv.Atoi(flagValue(t, batchCmd, "workers")); int64(w) != c.Resources.Requests.Cpu().Value() {
		t.Errorf("--workers %d, but the pod requests %s CPUs", w, c.Resources.Requests.Cpu())
	}
	if whole, _ := os.ReadFile(filepath.Join(dir, "batch-job.yaml")); !strings.Contains(string(whole), fmt.Sprintf("--seed SEED --count %d", count*shards)) ||
		!strings.Contains(string(whole), "kubectl create configmap sudogen-run --from-literal=seed=") {
		t.Errorf("the comment should name the unsharded run (--seed SEED --count %d) and how to create the seed's ConfigMap", count*shards)
	}
	mount := c.VolumeMounts[0].MountPath

	merge := decodeJob(t, yamlDocs(t, filepath.Join(dir, "merge-job.yaml"))[0])
	mc := k8sContainer(t, merge)
	mergeCmd := parseCLI(t, mc.Args)
	if mergeCmd.Name() != "merge" {
		t.Fatalf("merge-job.yaml runs %q", mergeCmd.Name())
	}
	var want []string
	for i := range shards {
		want = append(want, strings.ReplaceAll(output, "$(JOB_COMPLETION_INDEX)", strconv.Itoa(i)))
	}
	if got := mergeCmd.Flags().Args(); !slices.Equal(got, want) {
		t.Fatalf("the merge Job reads %v, but the batch Job writes %v", got, want)
	}
	if mc.VolumeMounts[0].MountPath != mount || merge.Spec.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName != job.Spec.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName {
		t.Error("the merge Job must mount the batch Job's volume at the same place")
	}

	// The collector pod reads the same volume, read-only, in an image
	// with a shell (the sudogen image has none).
	collect := yamlDocs(t, filepath.Join(dir, "collect-pod.yaml"))
	var pod corev1.Pod
	if len(collect) != 1 || yaml.UnmarshalStrict(collect[0], &pod) != nil || pod.Kind != "Pod" {
		t.Fatal("collect-pod.yaml must be one Pod")
	}
	if len(pod.Spec.Containers) != 1 || len(pod.Spec.Volumes) != 1 || pod.Spec.Volumes[0].PersistentVolumeClaim == nil ||
		pod.Spec.Volumes[0].PersistentVolumeClaim.ClaimName != job.Spec.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName ||
		len(pod.Spec.Containers[0].VolumeMounts) != 1 || pod.Spec.Containers[0].VolumeMounts[0].MountPath != mount || !pod.Spec.Containers[0].VolumeMounts[0].ReadOnly {
		t.Errorf("the collector pod must mount the batch Job's claim read-only at %s", mount)
	}
	if sc := pod.Spec.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || pod.Spec.ActiveDeadlineSeconds == nil {
		t.Error("the collector pod must run as non-root and stop by itself (activeDeadlineSeconds)")
	}
	if whole, _ := os.ReadFile(filepath.Join(dir, "collect-pod.yaml")); !strings.Contains(string(whole), "kubectl exec sudogen-collect -- cat "+flagValue(t, mergeCmd, "output")) {
		t.Errorf("collect-pod.yaml should show how to copy %s out", flagValue(t, mergeCmd, "output"))
	}

	// Run both, as written, with 4 records a shard in a folder for /data.
	data := t.TempDir()
	local := func(args []string, i int) []string {
		var out []string
		for _, a := range expand(args, i) {
			a = strings.ReplaceAll(a, mount, data)
			if strings.HasPrefix(a, "--count=") {
				a = "--count=4"
			}
			out = append(out, a)
		}
		return out
	}
	for i := range shards {
		runProc(t, []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(i), "SUDOGEN_SHARDS=" + env["SUDOGEN_SHARDS"]}, local(c.Args, i)...)
	}
	runProc(t, nil, local(mc.Args, 0)...)
	whole := filepath.Join(data, "whole.jsonl")
	runProc(t, nil, "batch", "--seed", seed, "--count", strconv.Itoa(4*shards), "-q", "-o", whole)
	mergeOut := strings.ReplaceAll(flagValue(t, mergeCmd, "output"), mount, data)
	sameFiles(t, "the manifests' commands", mergeOut, whole)
}

// TestSlurmScripts runs deploy/slurm's scripts as Slurm would, with a
// small count: the merged shards are the unsharded run's file.
func TestSlurmScripts(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to run the Slurm scripts")
	}
	dir := filepath.Join(repoRoot(t), "deploy", "slurm")
	script, err := os.ReadFile(filepath.Join(dir, "sudogen-array.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^#SBATCH --array=(\d+)-(\d+)$`).FindStringSubmatch(string(script))
	if m == nil {
		t.Fatal("no #SBATCH --array=A-B line")
	}
	lo, _ := strconv.Atoi(m[1])
	hi, _ := strconv.Atoi(m[2])
	count, _ := strconv.Atoi(regexp.MustCompile(`SUDOGEN_COUNT:-(\d+)`).FindStringSubmatch(string(script))[1])
	tasks := hi - lo + 1
	if !strings.Contains(string(script), fmt.Sprintf("--seed SEED --count %d", count*tasks)) {
		t.Errorf("the comment should name the unsharded run: --seed SEED --count %d", count*tasks)
	}
	// No SUDOGEN_SEED: the seed is derived from the cluster and the array
	// job, the first 52 bits of sha256("CLUSTER/JOBID"), the same for
	// every task.
	sum := sha256.Sum256([]byte("testcluster/4242"))
	derived, _ := strconv.ParseUint(hex.EncodeToString(sum[:])[:13], 16, 64)
	seed := strconv.FormatUint(derived, 10)
	binDir := filepath.Dir(buildBinary(t))
	out := t.TempDir()
	run := func(script string, env ...string) {
		cmd := exec.Command(bash, filepath.Join(dir, script))
		cmd.Dir = out
		cmd.Env = append(os.Environ(), append([]string{"PATH=" + binDir + ":" + os.Getenv("PATH"), "SUDOGEN_OUT=" + out, "TMPDIR=" + out, "SUDOGEN_COUNT=3"}, env...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s %v: %v: %s", script, env, err, stderr.String())
		}
	}
	for id := lo; id <= hi; id++ {
		run("sudogen-array.sbatch", fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", id), fmt.Sprintf("SLURM_ARRAY_TASK_COUNT=%d", tasks),
			fmt.Sprintf("SLURM_ARRAY_TASK_MIN=%d", lo), "SLURM_CPUS_PER_TASK=1", "SLURM_ARRAY_JOB_ID=4242", "SLURM_CLUSTER_NAME=testcluster", "SUDOGEN_SEED=")
	}
	run("sudogen-merge.sbatch")
	whole := filepath.Join(out, "whole.jsonl")
	runProc(t, nil, "batch", "--seed", seed, "--count", strconv.Itoa(3*tasks), "-q", "-o", whole)
	sameFiles(t, "the Slurm scripts", filepath.Join(out, "corpus.jsonl"), whole)
}

// TestDockerfile checks the Dockerfile's shape (multi-stage, a static
// build, a non-root user in the final image) and, where a Docker engine
// runs, builds the image and runs it.
func TestDockerfile(t *testing.T) {
	root := repoRoot(t)
	b, err := os.ReadFile(filepath.Join(root, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	froms := regexp.MustCompile(`(?m)^FROM\s+(\S+)`).FindAllStringSubmatch(text, -1)
	if len(froms) < 2 {
		t.Fatalf("%d FROM lines: the build must be multi-stage", len(froms))
	}
	final := text[strings.LastIndex(text, "\nFROM "):]
	if base := froms[len(froms)-1][1]; base != "scratch" && !strings.HasPrefix(base, "gcr.io/distroless/static") {
		t.Errorf("final image %s: want scratch or distroless static (a static binary needs nothing else)", base)
	}
	if !strings.Contains(text, "CGO_ENABLED=0") {
		t.Error("the build must set CGO_ENABLED=0 (a static binary)")
	}
	user := regexp.MustCompile(`(?m)^USER\s+(\S+)`).FindStringSubmatch(final)
	if user == nil || strings.HasPrefix(user[1], "0") || strings.HasPrefix(user[1], "root") {
		t.Errorf("the final stage must switch to a non-root USER, has %v", user)
	}
	if !strings.Contains(final, `ENTRYPOINT ["/usr/local/bin/sudogen"]`) {
		t.Error("the image's entry point must be /usr/local/bin/sudogen, which the manifests run")
	}

	docker, err := exec.LookPath("docker")
	if err == nil {
		err = exec.Command(docker, "info").Run()
	}
	if err != nil {
		t.Skipf("no Docker engine runs here (%v): the image build is not tested", err)
	}
	tag := "sudogen-test:" + strconv.Itoa(os.Getpid())
	if out, err := exec.Command(docker, "build", "-t", tag, root).CombinedOutput(); err != nil {
		t.Fatalf("docker build: %v\n%s", err, out)
	}
	defer exec.Command(docker, "rmi", "-f", tag).Run()
	if out, _ := exec.Command(docker, "image", "inspect", "-f", "{{.Config.User}}", tag).Output(); strings.TrimSpace(string(out)) != "65532:65532" {
		t.Errorf("image user %q, want 65532:65532", out)
	}
	got, err := exec.Command(docker, "run", "--rm", tag, "batch", "-n", "3", "--seed", "5", "-q", "-o", "-").Output()
	if err != nil {
		t.Fatalf("docker run: %v", err)
	}
	want, _ := exec.Command(buildBinary(t), "batch", "-n", "3", "--seed", "5", "-q", "-o", "-").Output()
	if !bytes.Equal(got, want) {
		t.Error("the image's batch output differs from the local binary's")
	}
}
