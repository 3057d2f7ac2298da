package grade

import (
	"strings"
	"testing"
)

// TestSwlibRegisterProfileNil: registering a nil profile function panics
// at the call, naming it, and leaves the registry as it was; it used to
// be stored, so ProfileByName and NewGrader of that name panicked later
// with a nil dereference far from the mistake.
func TestSwlibRegisterProfileNil(t *testing.T) {
	const name = "swlib-nil-profile"
	func() {
		defer func() {
			r := recover()
			if r == nil || !strings.Contains(r.(string), `RegisterProfile("swlib-nil-profile") of a nil function`) {
				t.Errorf("RegisterProfile(nil) recovered %v, want a panic naming the profile", r)
			}
		}()
		RegisterProfile(name, nil)
	}()
	if _, ok := ProfileByName(name); ok {
		t.Errorf("ProfileByName(%q) found a profile registered with a nil function", name)
	}
	if _, err := NewGrader(GraderOptions{Profile: name}); err == nil {
		t.Errorf("NewGrader(profile %q) = nil error", name)
	}
}
