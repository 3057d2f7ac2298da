module github.com/sudogen/sudogen

go 1.26.8

require (
	codeberg.org/go-pdf/fpdf v0.12.0
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/image v0.48.0
)

require golang.org/x/text v0.44.0 // indirect
