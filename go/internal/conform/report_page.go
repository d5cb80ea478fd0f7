package conform

// pageHTML is the compliance page (CONF-2). Its style is inline and it has no
// script: the failing cases open with <details>, which needs none.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pfkit {{.Pfkit.Version}} compliance report</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 80em; padding: 0 1em; color: #1b1b1b; }
h1 { font-size: 1.5em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: .35em .6em; vertical-align: top; text-align: left; }
th { background: #f0f0f0; }
td.pass { background: #e3f4e1; }
td.fail { background: #fbe1df; }
td.ni { background: #fdf3d0; }
td.none { background: #f6f6f6; color: #777; }
code, pre { font: 13px/1.4 ui-monospace, monospace; }
pre { white-space: pre-wrap; word-break: break-all; margin: .3em 0; max-width: 60em; }
details { margin: .3em 0; }
summary { cursor: pointer; }
.case { border-top: 1px solid #ddd; padding-top: .3em; margin-top: .3em; }
.error { color: #a0140c; }
</style>
</head>
<body>
<h1>pfkit {{.Pfkit.Version}} compliance report</h1>
<p>{{.CasesFrom}}, run through {{.Run}}{{if .Commit}} by the build of commit <code>{{.Commit}}</code> (tree {{.Tree}}){{end}}.
Each cell counts the cases passed, failed and not implemented; a cell with a failure opens onto its cases.
{{if eq .Exit 0}}Every case of every implementation passed.{{else}}Not every case passed.{{end}}</p>
<h2>Implementations</h2>
<table>
<tr><th>implementation</th><th>it says</th><th>passed</th><th>failed</th><th>not implemented</th></tr>
{{range .Implementations}}<tr><td><code>{{shown .Label}}</code></td><td>{{shown .Header}}{{if .Partial}}<div>{{shown .Partial.String}}</div>{{end}}{{if .Missing}}<div class="error">{{shown (required .Missing)}}</div>{{end}}{{if .Whole}}<div class="error">{{$.WholeWords}}</div>{{end}}{{if .Error}}<div class="error">{{shown .Error}}</div>{{end}}</td><td>{{.Totals.Passed}}</td><td>{{.Totals.Failed}}</td><td>{{.Totals.NotImplemented}}</td></tr>
{{end}}</table>
<h2>Matrix</h2>
<table>
<tr><th>scheme/op</th>{{range .Implementations}}<th><code>{{shown .Label}}</code></th>{{end}}</tr>
{{range .Rows}}<tr><th><code>{{shown .Key}}</code></th>{{range .Cells}}<td class="{{.Class}}">{{if not .Found}}no case{{else if gt .Row.Failed 0}}<details><summary>{{.Row.Passed}} passed, {{.Row.Failed}} failed, {{.Row.NotImplemented}} not implemented</summary>
{{range .Row.Failures}}<div class="case"><code>{{shown .Case}}</code>{{if .Comment}}: {{shown .Comment}}{{end}}{{if .Flags}} [{{shown (join .Flags ", ")}}]{{end}}
<pre>{{shown .Detail}}</pre>{{if .Request}}request: <pre>{{shown .Request}}</pre>{{end}}{{if .Expected}}expected: <pre>{{shown .Expected}}</pre>{{end}}{{if .Where}}where: <pre>{{shown .Where}}</pre>{{end}}{{if .Trace}}trace (pfkit eval answers it step by step): <pre>{{shown .Trace}}</pre>{{end}}</div>
{{end}}</details>{{else}}{{.Row.Passed}} passed, {{.Row.Failed}} failed, {{.Row.NotImplemented}} not implemented{{if .Row.Reason}} ({{shown .Row.Reason}}){{end}}{{end}}</td>{{end}}</tr>
{{end}}</table>
</body>
</html>
`
