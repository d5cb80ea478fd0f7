package audit

import (
	"fmt"

	"github.com/pfkit/pfkit/v2/go/internal/archivestats"
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// StatsOptions ask an audit for the statistics across its archive (STAT-1
// to STAT-5): the false-alarm rate of the whole report and how many records
// make a client seed a regular.
type StatsOptions struct {
	Rate     float64
	Regulars int
}

// seer is what a worker shows every verified record to: it counts what the
// record dealt into the worker's own tally (tallies add, so the order in
// which workers see records does not matter).
func seer(t *archivestats.Tally) func(*record.Dealt) {
	if t == nil {
		return nil
	}
	return func(d *record.Dealt) {
		switch {
		case d.Hands != nil:
			t.Hand(d.Hands)
		case d.Game != "":
			observeMatch(t, d)
		case d.Scheme == "chess_colour_v1":
			t.Chess(d.AWhite)
		}
	}
}

// observeMatch counts a match: its seat order, its deals or games, and for
// each client seed of a game with a metric, the hands it was dealt in the
// seat it sat in (MS2-4: seat s holds client seed seats[s]).
func observeMatch(t *archivestats.Tally, d *record.Dealt) {
	g := t.Match(d.Game, d.Seats)
	var hands, strength [4]int
	for i := range d.Deals {
		if len(d.Deal52IDs) == 52*len(d.Deals) {
			g.Deal52IDs((*[52]uint8)(d.Deal52IDs[52*i:]), &strength)
		} else {
			g.Deal52(&d.Deals[i], &strength)
		}
	}
	if len(d.Deals) > 0 {
		hands = [4]int{len(d.Deals), len(d.Deals), len(d.Deals), len(d.Deals)}
	}
	for i := range d.Mahjong {
		g.Mahjong(&d.Mahjong[i], &strength)
	}
	if len(d.Mahjong) > 0 {
		hands = [4]int{len(d.Mahjong), len(d.Mahjong), len(d.Mahjong), len(d.Mahjong)}
	}
	for i := range d.Baloot {
		g.Baloot(&d.Baloot[i], &strength)
	}
	if len(d.Baloot) > 0 {
		hands = [4]int{len(d.Baloot), len(d.Baloot), len(d.Baloot), len(d.Baloot)}
	}
	fair := d.BackgammonOpening == "" || d.BackgammonOpening == "one_die_each"
	for _, bg := range d.Backgammon {
		g.Backgammon(bg.Opening, bg.First, bg.Rolls, fair, &hands, &strength)
	}
	if !archivestats.HasMetric(d.Game) || len(d.Seats) != len(d.ClientSeeds) || len(d.Seats) > 4 {
		return
	}
	for s, c := range d.Seats {
		if c >= 0 && c < len(d.ClientSeeds) {
			t.Client(d.Game, d.ClientSeeds[c], hands[s], strength[s])
		}
	}
}

// analyse turns the workers' tallies into the summary's statistics. A whole
// archive's keeps the regulars' counts only; a shard keeps every client
// seed's, since a seed may be a regular only across shards (Merge adds
// them and keeps the regulars).
func analyse(tallies []*archivestats.Tally, opt *StatsOptions, shard bool) *archivestats.Report {
	all := archivestats.New()
	for _, t := range tallies {
		if t != nil {
			all.Add(t)
		}
	}
	if shard {
		all.KeepRegulars(0)
	} else {
		all.KeepRegulars(opt.Regulars)
	}
	return archivestats.Analyse(all, opt.Rate, opt.Regulars)
}

// withStats gives m, a merge of parts, their statistics added up (a merge
// of shards that all have statistics, at one rate and one number of records
// for a regular) and analysed as a single run's: the regulars kept and every
// test run on the whole archive's counts.
func withStats(m *Summary, parts []*Summary) (*Summary, error) {
	first := parts[0].Stats
	for _, p := range parts {
		switch s := p.Stats; {
		case (s == nil) != (first == nil):
			return nil, fmt.Errorf("shard %s has statistics and shard %s has none; expected every shard run with --stats or none", parts[0].Shard.name(), p.Shard.name())
		case s != nil && (s.Rate != first.Rate || s.Regulars != first.Regulars):
			return nil, fmt.Errorf("shard %s's statistics are at rate %g with regulars from %d records, and shard %s's at %g and %d; expected one rate and one number",
				p.Shard.name(), s.Rate, s.Regulars, parts[0].Shard.name(), first.Rate, first.Regulars)
		}
	}
	if first == nil {
		return m, nil
	}
	tallies := make([]*archivestats.Tally, len(parts))
	for i, p := range parts {
		tallies[i] = p.Stats.Tally
	}
	m.Stats = analyse(tallies, &StatsOptions{Rate: first.Rate, Regulars: first.Regulars}, false)
	return m, nil
}

// statsFit checks a shard's statistics as far as the summary can show them:
// counts of the games the statistics know, in their shapes, none below 0,
// no more records counted than were verified, and a rate and a number of
// records for a regular a run accepts.
func (s *Summary) statsFit() error {
	if s.Stats == nil {
		return nil
	}
	return s.Stats.Check(s.ByStatus[Verified])
}
