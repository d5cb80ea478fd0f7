package vectors

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// ProtocolPath is the envelope file's place under vectors/.
const ProtocolPath = "protocol.json"

// Generated is one file as it must be committed.
type Generated struct {
	Path string // relative to the vectors directory
	Data []byte
}

// Generate builds every vector file with the reference.
func Generate() ([]Generated, error) {
	var out []Generated
	for _, gen := range []func() (*File, error){
		ms2Commit, ms2Draws, ms2Trace, ms2Inject, ms2Match,
		pokerHand, pokerProof, pokerVerifyProof,
		chessColour,
		spDeal, spPermutation, spTrace,
	} {
		f, err := gen()
		if err != nil {
			return nil, err
		}
		data, err := Encode(f)
		if err != nil {
			return nil, err
		}
		out = append(out, Generated{Path: f.Path(), Data: data})
	}
	p, err := protocol()
	if err != nil {
		return nil, err
	}
	data, err := Encode(p)
	if err != nil {
		return nil, err
	}
	out = append(out, Generated{Path: ProtocolPath, Data: data})
	recs, err := Records()
	if err != nil {
		return nil, err
	}
	return append(out, recs...), nil
}

// Write generates into dir.
func Write(dir string) ([]Generated, error) {
	files, err := Generate()
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		p := filepath.Join(dir, f.Path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// Check regenerates and compares with dir byte for byte (VEC-2). It returns one
// message per file that differs or is missing.
func Check(dir string) ([]string, error) {
	files, err := Generate()
	if err != nil {
		return nil, err
	}
	var problems []string
	for _, f := range files {
		have, err := os.ReadFile(filepath.Join(dir, f.Path))
		if errors.Is(err, os.ErrNotExist) {
			problems = append(problems, f.Path+": missing; run pfkit vectors generate")
			continue
		}
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(have, f.Data) {
			problems = append(problems, f.Path+": "+firstDifference(have, f.Data))
		}
	}
	return problems, nil
}

func firstDifference(have, want []byte) string {
	line := 1
	for i := 0; i < len(have) && i < len(want); i++ {
		if have[i] != want[i] {
			return fmt.Sprintf("differs from the regenerated file at line %d, byte %d", line, i)
		}
		if have[i] == '\n' {
			line++
		}
	}
	return fmt.Sprintf("differs in length: committed %d bytes, regenerated %d bytes", len(have), len(want))
}
