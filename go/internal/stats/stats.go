// Package stats holds the few statistics the kit's bias tests need: Pearson's
// chi-square test against a uniform distribution and a two-sided binomial
// z-test, with p-values from the regularized incomplete gamma function and the
// normal tail. The tests in this package use them to show that the sampler,
// the shuffle, the dice and the seat order are uniform, and that the same tests
// catch a biased or off-by-one sampler and a Sattolo shuffle.
package stats

import "math"

// ChiSquareUniform is Pearson's statistic for counts expected to be equal, and
// the probability of a statistic at least that large for a uniform source
// (degrees of freedom: categories - 1).
func ChiSquareUniform(counts []int) (stat, p float64) {
	n := 0
	for _, c := range counts {
		n += c
	}
	e := float64(n) / float64(len(counts))
	for _, c := range counts {
		d := float64(c) - e
		stat += d * d / e
	}
	return stat, GammaQ(float64(len(counts)-1)/2, stat/2)
}

// BinomialZ is the z-score of k successes in n trials of probability q, and
// its two-sided p-value (normal approximation; n*q*(1-q) must be large).
func BinomialZ(k, n int, q float64) (z, p float64) {
	z = (float64(k) - float64(n)*q) / math.Sqrt(float64(n)*q*(1-q))
	return z, math.Erfc(math.Abs(z) / math.Sqrt2)
}

// GammaQ is the regularized upper incomplete gamma function Q(a, x), by its
// series for x < a+1 and by its continued fraction otherwise (Lentz's method).
func GammaQ(a, x float64) float64 {
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 1000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if term < sum*1e-15 {
				break
			}
		}
		return 1 - front*sum
	}
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		delta := d * c
		h *= delta
		if math.Abs(delta-1) < 1e-15 {
			break
		}
	}
	return front * h
}
