// Package pfkit carries into the Go binaries the files they need wherever they
// run: the JSON Schemas in spec/schemas and the release version. The Go code
// itself lives under go/.
package pfkit

import (
	"embed"
	"strings"
)

// Schemas holds spec/schemas/*.json.
//
//go:embed spec/schemas/*.json
var Schemas embed.FS

//go:embed VERSION
var versionFile string

// Version is the kit's release version, VERSION's one line (VER-1): one
// version for the spec, the vectors and the three implementations.
var Version = strings.TrimSpace(versionFile)
