module github.com/sudogen/sudogen

go 1.26.8
