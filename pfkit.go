// Package pfkit carries into the Go binaries the files they need wherever they
// run: the JSON Schemas in spec/schemas. The Go code itself lives under go/.
package pfkit

import "embed"

// Schemas holds spec/schemas/*.json.
//
//go:embed spec/schemas/*.json
var Schemas embed.FS
