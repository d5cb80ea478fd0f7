package bdd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/cucumber/godog"
	"github.com/pfkit/pfkit/v2/go/internal/conform"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

// vectorSteps evaluate a request of any scheme, and check the vector files:
// valid, unique, noted, regenerated unchanged and passed by the reference.
func vectorSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^a "([^"]*)" request for the op "([^"]*)" is evaluated$`, func(scheme, op string) error {
		return w.call(scheme, op, map[string]any{"serverSeed": stream.Commit("x")})
	})

	sc.Step(`^the vector files in "([^"]*)"$`, func(dir string) error {
		files, err := vectors.Load(filepath.Join(root, dir))
		w.files = files
		return err
	})
	sc.Step(`^every file validates against its schema$`, func() error {
		schemas, err := record.Schemas()
		if err != nil {
			return err
		}
		for _, f := range w.files {
			name, _ := f.Raw.(strictjson.Object)["schema"].(string)
			if err := schemas.Validate(name, f.Raw); err != nil {
				return fmt.Errorf("%s: %v", f.Path, err)
			}
		}
		return nil
	})
	sc.Step(`^every case id is unique within its file$`, func() error {
		for _, f := range w.files {
			seen := map[string]bool{}
			for _, c := range f.Cases {
				if seen[c.Name] {
					return fmt.Errorf("%s: %s appears twice", f.Path, c.Name)
				}
				seen[c.Name] = true
			}
		}
		return nil
	})
	sc.Step(`^every flag used has a note$`, func() error {
		for _, f := range w.files {
			o := f.Raw.(strictjson.Object)
			notes, _ := o["notes"].(strictjson.Object)
			for _, c := range o["cases"].([]any) {
				for _, fl := range c.(strictjson.Object)["flags"].([]any) {
					if _, ok := notes[fl.(string)]; !ok {
						return fmt.Errorf("%s: flag %v has no note", f.Path, fl)
					}
				}
			}
		}
		return nil
	})
	sc.Step(`^regenerating them changes no byte$`, func() error {
		problems, err := vectors.Check(filepath.Join(root, "vectors"))
		if err == nil && len(problems) > 0 {
			err = errors.New(strings.Join(problems, "; "))
		}
		return err
	})
	sc.Step(`^every case is run through the reference$`, func() error {
		var cases []vectors.Runnable
		for _, f := range w.files {
			cases = append(cases, f.Cases...)
		}
		res, err := conform.Run(context.Background(), conform.Go{}, cases)
		w.results = res
		return err
	})
	sc.Step(`^every case passes$`, func() error {
		for _, r := range w.results {
			if !r.Pass {
				return fmt.Errorf("%s: %s", r.Name, r.Detail)
			}
		}
		if len(w.results) == 0 {
			return errors.New("no cases ran")
		}
		return nil
	})
}
