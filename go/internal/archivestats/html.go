package archivestats

import (
	"fmt"
	"html"
	"io"
	"math"
	"sort"
	"strings"
)

// WriteHTML writes the report as one page (STAT-5): the verdict first, then
// each test as a small inline SVG plot of observed against expected with the
// band the rate allows, and one line of words. The page holds no script and
// its policy forbids every request, so it shows the same offline and online.
func (r *Report) WriteHTML(w io.Writer, archive string) error {
	var b strings.Builder
	b.WriteString(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pfkit statistics: ` + html.EscapeString(archive) + `</title>
<style>
body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a;background:#fff}
.verdict{font-size:1.25rem;padding:.75rem 1rem;border-radius:.4rem;border:2px solid}
.flag{background:#fdecea;border-color:#b3261e}.pass{background:#e8f3ea;border-color:#1e6b34}
.tests{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:1rem;padding:0;list-style:none}
.tests li{border:1px solid #ccc;border-radius:.4rem;padding:.5rem}.tests li.flagged{border:2px solid #b3261e}
h2{font-size:1rem;margin:.2rem 0;overflow-wrap:anywhere}p{margin:.3rem 0}svg{width:100%;height:auto}
@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}.flag{background:#3b1512}.pass{background:#12301b}.tests li{border-color:#555}}
</style>
</head>
<body>
<main>
<h1>Statistics across ` + html.EscapeString(archive) + `</h1>
`)
	r.verdictHTML(&b)
	b.WriteString(`<p class="legend">In each plot the grey band is where an honest archive's value falls with the probability the rate leaves each test; the tick is the expected value and the dot the observed one (red outside the band). Under a histogram of dealt strength, a strip shows its mean on the same axis.</p>
<ul class="tests">
`)
	order := make([]int, len(r.Tests))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, c int) bool { return r.Tests[order[a]].Flagged && !r.Tests[order[c]].Flagged })
	for _, i := range order {
		t := &r.Tests[i]
		class := ""
		if t.Flagged {
			class = ` class="flagged"`
		}
		fmt.Fprintf(&b, "<li%s><h2>%s</h2>\n%s\n<p>%s</p></li>\n", class, html.EscapeString(t.ID), t.plot(), html.EscapeString(t.Words()))
	}
	b.WriteString("</ul>\n")
	if len(r.Skipped) > 0 {
		b.WriteString("<h2>Not run</h2>\n<ul>\n")
		for _, s := range r.Skipped {
			fmt.Fprintf(&b, "<li>%s: %s</li>\n", html.EscapeString(s.ID), html.EscapeString(s.Why))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</main>\n</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *Report) verdictHTML(b *strings.Builder) {
	if r.Flagged > 0 {
		fmt.Fprintf(b, "<p class=\"verdict flag\" role=\"status\"><strong>%s</strong></p>\n", html.EscapeString(r.Verdict()))
		b.WriteString("<p>A flag is evidence, not proof: an honest archive is flagged with at most the stated probability. Ask the operator how its server seeds were drawn.</p>\n")
		return
	}
	fmt.Fprintf(b, "<p class=\"verdict pass\" role=\"status\"><strong>%s</strong></p>\n", html.EscapeString(r.Verdict()))
	b.WriteString("<p>A pass is no proof of fairness: it says only that these tests, on this many records, found nothing an honest server would rarely produce.</p>\n")
}

// Verdict is the report in one sentence.
func (r *Report) Verdict() string {
	if r.Flagged > 0 {
		return fmt.Sprintf("%d of %s flagged at a false-alarm rate of %g for the whole report (Holm)", r.Flagged, tests(len(r.Tests)), r.Rate)
	}
	return fmt.Sprintf("no test flagged: %s at a false-alarm rate of %g for the whole report (Holm)", tests(len(r.Tests)), r.Rate)
}

func tests(n int) string {
	if n == 1 {
		return "1 test"
	}
	return fmt.Sprintf("%d tests", n)
}

// Words is the test in one line: what, how much, the statistic and p-value,
// and what it means at the report's rate.
func (t *Test) Words() string {
	var stat string
	switch t.Method {
	case MethodNormal:
		stat = fmt.Sprintf("z = %.2f", t.Statistic)
	case MethodBinomial:
		stat = fmt.Sprintf("%.0f of %d", t.Statistic, t.N)
	default:
		stat = fmt.Sprintf("chi-square %.1f on %d degrees of freedom", t.Statistic, t.DF)
	}
	verdict := "within what honest dealing gives"
	if t.Flagged {
		verdict = "outside what honest dealing gives at the stated rate"
	}
	return fmt.Sprintf("%s; %d observations, %s, p = %.3g, Holm-adjusted %.3g: %s.", t.What, t.N, stat, t.P, t.Adjusted, verdict)
}

// plot is the test as an SVG: one column per cell, up to 60 cells (the band
// as a grey bar, the expected value as a tick, the observed as a dot); more
// cells (the 2,704 of the positions test) as the dots of each cell's
// distance from its expected value in band widths, with the band's edges.
func (t *Test) plot() string {
	w, h, pad := 320.0, 110.0, 6.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="0 0 %g %g" role="img" aria-label="%s">`, w, h, html.EscapeString("observed against expected: "+t.ID))
	n := len(t.Observed)
	if n == 0 {
		return b.String() + "</svg>"
	}
	if n > 60 {
		y := func(v float64) float64 { return h/2 - v*(h/2-pad)/3 }
		fmt.Fprintf(&b, `<rect x="0" y="%.1f" width="%g" height="%.1f" fill="#bbb" opacity=".5"/>`, y(1), w, y(-1)-y(1))
		for i := range n {
			half := (t.High[i] - t.Low[i]) / 2
			v := 0.0
			if half > 0 {
				v = math.Max(-3, math.Min(3, (t.Observed[i]-t.Expected[i])/half))
			}
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="1" fill="%s"/>`, pad+float64(i)*(w-2*pad)/float64(n), y(v), dotColour(math.Abs(v) > 1))
		}
		return b.String() + "</svg>"
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range n {
		lo, hi = math.Min(lo, math.Min(t.Low[i], t.Observed[i])), math.Max(hi, math.Max(t.High[i], t.Observed[i]))
	}
	if hi <= lo {
		hi = lo + 1
	}
	col := (w - 2*pad) / float64(n)
	if t.Method == MethodNormal && n > 1 {
		b.WriteString(t.meanStrip(w, h, pad, col))
		h -= strip
	}
	y := func(v float64) float64 { return h - pad - (v-lo)/(hi-lo)*(h-2*pad) }
	for i := range n {
		x := pad + float64(i)*col
		out := t.Observed[i] < t.Low[i] || t.Observed[i] > t.High[i]
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#bbb" opacity=".6"/>`, x+col*.15, y(t.High[i]), col*.7, math.Max(.5, y(t.Low[i])-y(t.High[i])))
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#555" stroke-width="1.5"/>`, x+col*.1, x+col*.9, y(t.Expected[i]), y(t.Expected[i]))
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>`, x+col/2, y(t.Observed[i]), math.Min(4, math.Max(1.5, col/4)), dotColour(out))
	}
	return b.String() + "</svg>"
}

// strip is the height of the mean's strip under a histogram.
const strip = 16.0

// meanStrip draws, under a histogram of a strength's values, the mean on the
// same axis: the band the rate allows around the expected mean (z standard
// errors), the expected mean as a tick, the observed mean as a dot. A seat
// dealt more than its share shows here, where each cell alone may not.
func (t *Test) meanStrip(w, h, pad, col float64) string {
	var want, got, variance float64
	n := float64(t.N)
	for v := range t.Expected {
		want += float64(v) * t.Expected[v] / n
		got += float64(v) * t.Observed[v] / n
	}
	for v := range t.Expected {
		variance += (float64(v) - want) * (float64(v) - want) * t.Expected[v] / n
	}
	se := math.Sqrt(variance / n)
	x := func(v float64) float64 { return pad + (v+.5)*col }
	y := h - strip/2
	out := math.Abs(got-want) > t.z*se
	return fmt.Sprintf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#bbb" opacity=".6"/>`, x(want-t.z*se), y-4, math.Max(1, 2*t.z*se*col), 8.0) +
		fmt.Sprintf(`<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#555" stroke-width="1.5"/>`, x(want), x(want), y-6, y+6) +
		fmt.Sprintf(`<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`, x(got), y, dotColour(out))
}

func dotColour(out bool) string {
	if out {
		return "#b3261e"
	}
	return "#1f4e99"
}
