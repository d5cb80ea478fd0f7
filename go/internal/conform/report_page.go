package conform

// pageHTML is the compliance page (CONF-2). Its style is inline and it has no
// script: the failing cases open with <details>, which needs none.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{w "cli.conform.page.title" "version" .Pfkit.Version}}</title>
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
<h1>{{w "cli.conform.page.title" "version" .Pfkit.Version}}</h1>
<p>{{w "cli.conform.page.run" "cases" .CasesFrom "run" .Run}}{{if .Commit}}{{w "cli.conform.page.build"}}<code>{{.Commit}}</code>{{w "cli.conform.page.tree" "tree" .Tree}}{{end}}.
{{w "cli.conform.page.cells"}}
{{if eq .Exit 0}}{{w "cli.conform.page.all_passed"}}{{else}}{{w "cli.conform.page.not_all_passed"}}{{end}}</p>
<h2>{{w "cli.conform.page.implementations"}}</h2>
<table>
<tr><th>{{w "cli.conform.page.implementation"}}</th><th>{{w "cli.conform.page.says"}}</th><th>{{w "cli.conform.column.passed"}}</th><th>{{w "cli.conform.column.failed"}}</th><th>{{w "cli.conform.column.not_implemented"}}</th></tr>
{{range .Implementations}}<tr><td><code>{{shown .Label}}</code></td><td>{{shown .Header}}{{if .Partial}}<div>{{shown .Partial.String}}</div>{{end}}{{if .Missing}}<div class="error">{{shown (required .Missing)}}</div>{{end}}{{if .Whole}}<div class="error">{{$.WholeWords}}</div>{{end}}{{if .Error}}<div class="error">{{shown .Error}}</div>{{end}}</td><td>{{.Totals.Passed}}</td><td>{{.Totals.Failed}}</td><td>{{.Totals.NotImplemented}}</td></tr>
{{end}}</table>
<h2>{{w "cli.conform.page.matrix"}}</h2>
<table>
<tr><th>{{w "cli.conform.column.op"}}</th>{{range .Implementations}}<th><code>{{shown .Label}}</code></th>{{end}}</tr>
{{range .Rows}}<tr><th><code>{{shown .Key}}</code></th>{{range .Cells}}<td class="{{.Class}}">{{if not .Found}}{{w "cli.conform.page.no_case"}}{{else if gt .Row.Failed 0}}<details><summary>{{w "cli.conform.totals" "passed" .Row.Passed "failed" .Row.Failed "not_implemented" .Row.NotImplemented}}</summary>
{{range .Row.Failures}}<div class="case"><code>{{shown .Case}}</code>{{if .Comment}}: {{shown .Comment}}{{end}}{{if .Flags}} [{{shown (join .Flags ", ")}}]{{end}}
<pre>{{shown .Detail}}</pre>{{if .Request}}{{w "cli.conform.page.request"}} <pre>{{shown .Request}}</pre>{{end}}{{if .Expected}}{{w "cli.conform.page.expected"}} <pre>{{shown .Expected}}</pre>{{end}}{{if .Where}}{{w "cli.conform.page.where"}} <pre>{{shown .Where}}</pre>{{end}}{{if .Trace}}{{w "cli.conform.page.trace"}} <pre>{{shown .Trace}}</pre>{{end}}</div>
{{end}}</details>{{else}}{{w "cli.conform.totals" "passed" .Row.Passed "failed" .Row.Failed "not_implemented" .Row.NotImplemented}}{{if .Row.Reason}} ({{shown .Row.Reason}}){{end}}{{end}}</td>{{end}}</tr>
{{end}}</table>
</body>
</html>
`
