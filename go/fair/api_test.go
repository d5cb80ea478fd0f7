package fair_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/api.txt from the package's exported declarations")

// apiFile holds the public surface of the package: every exported constant,
// variable, function, type and method, with its type, one to a line or block.
const apiFile = "testdata/api.txt"

// The public surface is the one committed in testdata/api.txt: a change to an
// exported name, signature, field or constant is a diff there, made on
// purpose with go test ./go/fair -run TestAPI -update. And no exported
// declaration names a type or value of go/internal, so that no change there
// can change this package's surface unseen.
func TestAPI(t *testing.T) {
	fset := token.NewFileSet()
	got, problems := surface(fset, parsePackage(t, fset, "."))
	for _, p := range problems {
		t.Error(p)
	}
	if *update {
		if err := os.WriteFile(apiFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(apiFile)
	if err != nil {
		t.Fatalf("%v (write it with go test ./go/fair -run TestAPI -update)", err)
	}
	if got != string(want) {
		t.Errorf("the public surface differs from %s (- committed, + the package):\n%s\n"+
			"If the change is meant, rewrite the file with go test ./go/fair -run TestAPI -update and commit it.",
			apiFile, lineDiff(string(want), got))
	}
}

// The walk lists what it should and refuses what it should, on a package made
// up for the test: an alias of an internal type and a function returning one
// are refused, unexported names and fields are left out.
func TestAPIWalk(t *testing.T) {
	src := `package x

import (
	"example.com/kit/go/internal/chess"
	"strings"
)

const Max, min = 4, 5

type Colours = chess.Result

type Deal struct {
	Board []string ` + "`json:\"board\"`" + `
	deck  []int
}

func (d *Deal) Cards() []string { return nil }

func (d *deal) Hidden() {}

func Draw(seed string, b *strings.Builder) (chess.Result, error) { return chess.Result{}, nil }

func unexported() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	got, problems := surface(fset, []*ast.File{f})
	want := "package x\n\n" +
		"const Max = 4\n\n" +
		"func Draw(seed string, b *strings.Builder) (chess.Result, error)\n\n" +
		"type Colours = chess.Result\n\n" +
		"type Deal struct {\n\tBoard []string `json:\"board\"`\n\t// has unexported fields\n}\n\n" +
		"func (*Deal) Cards() []string\n"
	if got != want {
		t.Errorf("surface gave\n%s\nwant\n%s\ndiff:\n%s", got, want, lineDiff(want, got))
	}
	wantProblems := []string{
		"func Draw names chess.Result of example.com/kit/go/internal/chess",
		"type Colours names chess.Result of example.com/kit/go/internal/chess",
	}
	if strings.Join(problems, "\n") != strings.Join(wantProblems, "\n") {
		t.Errorf("problems:\n%s\nwant\n%s", strings.Join(problems, "\n"), strings.Join(wantProblems, "\n"))
	}
}

// parsePackage parses the package's own files in dir, tests left out.
func parsePackage(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// decl is one entry of the surface: its sort key and its text.
type decl struct{ key, text string }

// surface is the package's exported declarations, without documentation, in
// the order go doc lists them: untyped constants, variables and functions by
// name, then each type by name with its constants (in declaration order) and
// its methods. problems names every exported declaration that mentions a
// package under go/internal.
func surface(fset *token.FileSet, files []*ast.File) (string, []string) {
	var consts, vars, funcs, types []decl
	methods := map[string][]decl{}
	typed := map[string][]string{} // type -> its constants, in declaration order
	var problems []string
	for _, f := range files {
		internal := internalImports(f)
		check := func(what string, n ast.Node) {
			ast.Inspect(n, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && internal[x.Name] != "" {
						problems = append(problems, what+" names "+x.Name+"."+sel.Sel.Name+" of "+internal[x.Name])
					}
				}
				return true
			})
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				fn := &ast.FuncDecl{Recv: bareReceiver(d.Recv), Name: d.Name, Type: d.Type}
				text := render(fset, fn)
				if d.Recv == nil {
					check("func "+d.Name.Name, d.Type)
					funcs = append(funcs, decl{d.Name.Name, text})
					continue
				}
				if recv := receiverType(d.Recv); ast.IsExported(recv) {
					check("method "+recv+"."+d.Name.Name, d.Type)
					methods[recv] = append(methods[recv], decl{d.Name.Name, text})
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for i, n := range s.Names {
							if !n.IsExported() {
								continue
							}
							v := &ast.ValueSpec{Names: []*ast.Ident{n}, Type: s.Type}
							if i < len(s.Values) {
								v.Values = []ast.Expr{s.Values[i]}
							}
							text := d.Tok.String() + " " + render(fset, v)
							check(d.Tok.String()+" "+n.Name, v)
							switch typ, _ := s.Type.(*ast.Ident); {
							case d.Tok == token.CONST && typ != nil && typ.IsExported():
								typed[typ.Name] = append(typed[typ.Name], text)
							case d.Tok == token.CONST:
								consts = append(consts, decl{n.Name, text})
							default:
								vars = append(vars, decl{n.Name, text})
							}
						}
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							continue
						}
						shown := exportedPart(s)
						check("type "+s.Name.Name, shown.Type)
						types = append(types, decl{s.Name.Name, "type " + typeText(fset, s, shown)})
					}
				}
			}
		}
	}
	var b strings.Builder
	b.WriteString("package " + files[0].Name.Name + "\n")
	for _, group := range [][]decl{consts, vars, funcs} {
		for _, d := range sorted(group) {
			b.WriteString("\n" + d.text + "\n")
		}
	}
	for _, ty := range sorted(types) {
		b.WriteString("\n" + ty.text + "\n")
		if cs := typed[ty.key]; len(cs) > 0 {
			b.WriteString("\n" + strings.Join(cs, "\n") + "\n")
		}
		for _, m := range sorted(methods[ty.key]) {
			b.WriteString("\n" + m.text + "\n")
		}
	}
	sort.Strings(problems)
	return b.String(), problems
}

func sorted(ds []decl) []decl {
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].key < ds[j].key })
	return ds
}

// internalImports maps each name a file imports a package of go/internal
// under to that package's path.
func internalImports(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if !strings.Contains(path+"/", "/internal/") {
			continue
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		out[name] = path
	}
	return out
}

// bareReceiver is a receiver list without the receiver's name: the surface is
// "(*Match) Deal", whatever the method calls its receiver.
func bareReceiver(recv *ast.FieldList) *ast.FieldList {
	if recv == nil || len(recv.List) == 0 {
		return recv
	}
	return &ast.FieldList{List: []*ast.Field{{Type: recv.List[0].Type}}}
}

// receiverType is the name of a method's receiver type.
func receiverType(recv *ast.FieldList) string {
	t := recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// exportedPart is a type declaration with its exported fields only.
func exportedPart(s *ast.TypeSpec) *ast.TypeSpec {
	st, ok := s.Type.(*ast.StructType)
	if !ok {
		return &ast.TypeSpec{Name: s.Name, Assign: s.Assign, Type: s.Type}
	}
	shown := &ast.FieldList{}
	for _, f := range st.Fields.List {
		var names []*ast.Ident
		for _, n := range f.Names {
			if n.IsExported() {
				names = append(names, n)
			}
		}
		if len(names) > 0 || (len(f.Names) == 0 && ast.IsExported(embeddedName(f.Type))) {
			shown.List = append(shown.List, &ast.Field{Names: names, Type: f.Type, Tag: f.Tag})
		}
	}
	return &ast.TypeSpec{Name: s.Name, Type: &ast.StructType{Fields: shown}}
}

// typeText is the exported part of a type declaration, and a line saying so
// when the type has other fields.
func typeText(fset *token.FileSet, s, shown *ast.TypeSpec) string {
	text := render(fset, shown)
	st, ok := s.Type.(*ast.StructType)
	if !ok || st.Fields.NumFields() == shown.Type.(*ast.StructType).Fields.NumFields() {
		return text
	}
	text = strings.TrimSuffix(strings.TrimSuffix(text, "{}"), "}")
	if !strings.HasSuffix(text, "\n") {
		text += "{\n"
	}
	return text + "\t// has unexported fields\n}"
}

func embeddedName(t ast.Expr) string {
	switch x := t.(type) {
	case *ast.StarExpr:
		return embeddedName(x.X)
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// render prints a node as gofmt would, without comments.
func render(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&b, fset, n); err != nil {
		return "<" + err.Error() + ">"
	}
	// A blank line the source left between two fields says nothing here.
	return strings.ReplaceAll(b.String(), "\n\n", "\n")
}

// lineDiff lists the lines only a has ("-") and only b has ("+"), each with
// its line number in a, by a longest common subsequence of lines.
func lineDiff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			out = append(out, fmt.Sprintf("- %4d: %s", i+1, x[i]))
			i++
		default:
			out = append(out, fmt.Sprintf("+ %4d: %s", i+1, y[j]))
			j++
		}
	}
	return strings.Join(out, "\n")
}
