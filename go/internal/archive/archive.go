// Package archive writes large, deterministic sample archives of records (JSON
// lines) for benchmarks, demos and audit tests, with a chosen share of
// tampered records whose failures an audit must find.
package archive

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// Kinds are the record kinds Generate can write.
var Kinds = []string{"selfpoker", "bridge", "backgammon", "chess", "mixed"}

func h(label string, i int) [32]byte {
	return sha256.Sum256([]byte("pfkit:archive:" + label + ":" + strconv.Itoa(i)))
}

func hexOf(label string, i int) string {
	d := h(label, i)
	return hex.EncodeToString(d[:])
}

// Generate writes count records of a kind. Every tamperEvery-th record (when
// tamperEvery > 0) has one value changed so that it fails verification.
func Generate(w io.Writer, kind string, count, tamperEvery int) error {
	return GenerateWith(w, kind, count, tamperEvery, Grinding{K: 1})
}

// GenerateWith is Generate, as a server that grinds (g) would deal: records
// g.First to g.First+count-1, each from the best of g.K server seeds.
func GenerateWith(w io.Writer, kind string, count, tamperEvery int, g Grinding) error {
	if err := g.Check(kind); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	for n := range count {
		i := g.First + n
		k := kind
		if kind == "mixed" {
			k = Kinds[i%(len(Kinds)-1)]
		}
		rec, err := g.best(k, i, tamperEvery > 0 && n%tamperEvery == tamperEvery-1)
		if err != nil {
			return err
		}
		b, err := canon.Compact(rec)
		if err != nil {
			return err
		}
		bw.Write(b)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

func other(card string) string {
	if card == "2c" {
		return "3c"
	}
	return "2c"
}

// one is record i of a kind, dealt from server seed candidate j (0: the
// honest archive's), with the regular's client seed first when one is named.
func one(kind string, i, j int, tamper bool, regular string) (map[string]any, error) {
	label := kind
	if j > 0 {
		label = kind + "/" + strconv.Itoa(j)
	}
	switch kind {
	case "selfpoker":
		d := h(label, i)
		seed := binary.BigEndian.Uint64(d[:8]) >> 1
		players := 2 + i%8
		deal, err := selfpoker.NewDeal(seed, players, reading.Pairs)
		if err != nil {
			return nil, err
		}
		hands := make([]any, players)
		for p, hd := range deal.Hands {
			hands[p] = selfpoker.Names(hd[:])
		}
		board := selfpoker.Names(deal.Board[:])
		if tamper {
			board[4] = other(board[4])
		}
		return map[string]any{"scheme": "selfpoker_v1", "kind": "hand_end", "commit": deal.Commit,
			"fairplay": map[string]any{"seed": strconv.FormatUint(seed, 10)}, "hands": hands, "board": board}, nil
	case "bridge", "backgammon":
		srv := hexOf(label, i)
		seeds := []string{"n" + strconv.Itoa(i), "e" + strconv.Itoa(i), "s" + strconv.Itoa(i), "w" + strconv.Itoa(i)}
		if regular != "" {
			seeds[0] = regular
		}
		if kind == "backgammon" {
			seeds = seeds[:2]
		}
		id := fmt.Sprintf("%s-%d", kind, i)
		ms, err := match.NewStream(srv, kind, id, seeds)
		if err != nil {
			return nil, err
		}
		rec := map[string]any{"scheme": "match_seed_v2", "kind": "match", "game": kind, "matchId": id,
			"commitment": stream.Commit(srv), "serverSeed": srv, "clientSeeds": seeds, "seats": ms.Seats(len(seeds))}
		if kind == "bridge" {
			var deals [][][]string
			for range 1 + i%3 {
				d := ms.Deal52()
				deals = append(deals, [][]string{cards.Table52.Names(d[0]), cards.Table52.Names(d[1]), cards.Table52.Names(d[2]), cards.Table52.Names(d[3])})
			}
			if tamper {
				deals[0][1][5] = other(deals[0][1][5])
			}
			rec["deals"] = deals
		} else {
			g := ms.BackgammonGame(10+i%20, reading.OneDieEach)
			if tamper {
				g.Rolls[0][1] = g.Rolls[0][1]%6 + 1
			}
			rec["games"] = []match.BackgammonGame{g}
		}
		return rec, nil
	case "chess":
		a, b := hexOf(strings.Replace(label, "chess", "chessA", 1), i), hexOf("chessB", i)
		r, err := chess.Colour(a, "a"+strconv.Itoa(i), b, "b"+strconv.Itoa(i), reading.Dash)
		if err != nil {
			return nil, err
		}
		if tamper {
			r.White = map[string]string{"A": "B", "B": "A"}[r.White]
		}
		return map[string]any{"scheme": "chess_colour_v1", "kind": "game", "seedA": a, "commitA": r.CommitA, "clientA": "a" + strconv.Itoa(i),
			"seedB": b, "commitB": r.CommitB, "clientB": "b" + strconv.Itoa(i), "white": r.White}, nil
	}
	return nil, fmt.Errorf("archive kind: expected one of selfpoker, bridge, backgammon, chess, mixed; found %s", escape.Quoted(kind))
}
