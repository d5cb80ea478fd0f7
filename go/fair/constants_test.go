package fair

import (
	"slices"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// The package writes its constants out, so that go doc shows their values;
// each is the value the kit's domain code gives the same name, and each list
// holds what the domain's list holds, in its order (the kit's reading first).
func TestConstantsAreTheDomainCodes(t *testing.T) {
	same := func(what string, public, domain []string) {
		t.Helper()
		if !slices.Equal(public, domain) {
			t.Errorf("%s: the package says %q, the domain code %q", what, public, domain)
		}
	}
	if MaxMismatches != record.MaxMismatches {
		t.Errorf("MaxMismatches: the package says %d, the domain code %d", MaxMismatches, record.MaxMismatches)
	}
	same("statuses", []string{string(Verified), string(Failed), string(Unreadable), string(Unspecified)}, record.Statuses)
	same("dealings", []string{string(Pairs), string(RoundRobin)}, reading.Dealings)
	same("mahjong draws", []string{string(SwapLast), string(CloseGap)}, reading.MahjongDraws)
	same("mahjong deals", []string{string(MahjongBlocks), string(Rounds)}, reading.MahjongDeals)
	same("backgammon openings", []string{string(OneDieEach), string(FirstSeatRolls)}, reading.BackgammonOpenings)
	same("Baloot deals", []string{string(BalootBlocks), string(ThreeTwo)}, reading.BalootDeals)
	same("bot client seeds", []string{string(BotDash), string(BotEmpty)}, reading.BotClientSeeds)
	codes := map[Code]errcode.Code{
		InputTooLarge: errcode.InputTooLarge, SchemeUnspecified: errcode.SchemeUnspecified, UnknownScheme: errcode.UnknownScheme,
		MalformedRequest: errcode.MalformedRequest, WrongType: errcode.WrongType, InvalidHex: errcode.InvalidHex,
		InvalidIdentifier: errcode.InvalidIdentifier, InvalidInteger: errcode.InvalidInteger, OutOfRange: errcode.OutOfRange,
		BadLength: errcode.BadLength, DuplicateSeat: errcode.DuplicateSeat, UnknownGame: errcode.UnknownGame,
		EqualCommitments: errcode.EqualCommitments, InvalidRecord: errcode.InvalidRecord, UnknownReading: errcode.UnknownReading,
		InternalError: errcode.InternalError,
	}
	if len(codes) != 16 {
		t.Errorf("%d distinct codes, expected 16", len(codes))
	}
	for public, domain := range codes {
		if string(public) != string(domain) {
			t.Errorf("the package's %q is the domain's %q", public, domain)
		}
	}
}

// An error of the domain code comes out as this package's *Error with the
// same code and message; nil and other errors pass unchanged.
func TestPublicErrors(t *testing.T) {
	err := public(errcode.New(errcode.InvalidHex, "serverSeed: expected 64 characters, found 3"))
	e, ok := err.(*Error)
	if !ok || e.Code != InvalidHex || e.Message != "serverSeed: expected 64 characters, found 3" {
		t.Errorf("public gave %#v", err)
	}
	if e.Error() != "invalid_hex: serverSeed: expected 64 characters, found 3" {
		t.Errorf("Error() = %q", e.Error())
	}
	if public(nil) != nil {
		t.Error("public(nil) is not nil")
	}
}
