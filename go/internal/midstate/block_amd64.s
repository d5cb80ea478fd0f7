//go:build amd64 && !purego

#include "textflag.h"

// SHA-256 compressions with the SHA extensions (SHA256RNDS2, SHA256MSG1,
// SHA256MSG2). The state lives in two registers in the order the instructions
// want: ABEF and CDGH (highest lane first). Each group of four rounds adds four
// schedule words to the round constants in X0 and runs two double rounds; the
// schedule for rounds 16..63 is computed four words at a time in four
// registers, which rotate roles from group to group.
//
// A lane is one block's registers: its state pair, its four schedule
// registers, a scratch register and its block pointer. Lane A: X1/X2, X3..X6,
// X7, SI. Lane B: X9/X10, X11..X14, X15, DX. X0 (which SHA256RNDS2 reads
// implicitly) carries message plus constants for whichever lane is rounding;
// X8 holds the byte-swap mask.
//
// Every function below is the same few macros: START (the mask, and the state
// at DI in lane A), ROUNDS (the 64 rounds of one lane or of two, their
// schedules loaded from memory or already in registers), FEED_FORWARD and
// STATE_OUT.

// The steps of a group of four rounds. Those that only some groups take
// (loading the words, the two halves of the schedule) each have a twin that
// does nothing, so that one macro, GROUP, makes every group.

// LOAD(i, m, p): schedule words i..i+3 of the block at p, big-endian, into m.
#define LOAD(i, m, p) \
	MOVOU (i*4)(p), m; \
	PSHUFB X8, m

// NO_LOAD: the words are in m already (an outer block built in registers).
#define NO_LOAD(i, m, p)

// ROUNDS_01(i, m, s1, s2): rounds i and i+1 with m + K[i..i+3] (s2 becomes ABEF).
#define ROUNDS_01(i, m, s1, s2) \
	MOVOU ·k256+(i*4)(SB), X0; \
	PADDL m, X0; \
	SHA256RNDS2 X0, s1, s2

// ROUNDS_23(s1, s2): rounds i+2 and i+3 with the upper half of X0 (s1 is ABEF again).
#define ROUNDS_23(s1, s2) \
	PSHUFD $0x0E, X0, X0; \
	SHA256RNDS2 X0, s2, s1

// SCHED2(m, next, prev, t): next, which SCHED1 started two groups before,
// becomes the next group's words: msg2(next + (m:prev >> 32 bits), m).
#define SCHED2(m, next, prev, t) \
	MOVO m, t; \
	PALIGNR $4, prev, t; \
	PADDL t, next; \
	SHA256MSG2 m, next

#define NO_SCHED2(m, next, prev, t)

// SCHED1(m, prev): prev, the previous group's words, becomes the start of
// the words of the group three on from this one.
#define SCHED1(m, prev) \
	SHA256MSG1 m, prev

#define NO_SCHED1(m, prev)

// GROUP(i, LD, S2, S1, s1, s2, m, next, prev, t, p): rounds i..i+3 of one
// lane, whose words are in m (after LD), with its state in s1/s2, its
// scratch register t and its block at p. S2 and S1 are SCHED2 and SCHED1 or
// their twins.
#define GROUP(i, LD, S2, S1, s1, s2, m, next, prev, t, p) \
	LD(i, m, p); \
	ROUNDS_01(i, m, s1, s2); \
	S2(m, next, prev, t); \
	ROUNDS_23(s1, s2); \
	S1(m, prev)

// PHASE0..PHASE3: group g rounds with schedule register g mod 4 (w0..w3),
// finishes the next group's words in g+1 mod 4 and starts group g+3's in
// g+3 mod 4, which held group g-1's.
#define PHASE0(i, LD, S2, S1, s1, s2, w0, w1, w2, w3, t, p) GROUP(i, LD, S2, S1, s1, s2, w0, w1, w3, t, p)
#define PHASE1(i, LD, S2, S1, s1, s2, w0, w1, w2, w3, t, p) GROUP(i, LD, S2, S1, s1, s2, w1, w2, w0, t, p)
#define PHASE2(i, LD, S2, S1, s1, s2, w0, w1, w2, w3, t, p) GROUP(i, LD, S2, S1, s1, s2, w2, w3, w1, t, p)
#define PHASE3(i, LD, S2, S1, s1, s2, w0, w1, w2, w3, t, p) GROUP(i, LD, S2, S1, s1, s2, w3, w0, w2, t, p)

// LANE_A and LANE_B hand a lane's registers to a phase.
#define LANE_A(PHASE, i, LD, S2, S1) PHASE(i, LD, S2, S1, X1, X2, X3, X4, X5, X6, X7, SI)
#define LANE_B(PHASE, i, LD, S2, S1) PHASE(i, LD, S2, S1, X9, X10, X11, X12, X13, X14, X15, DX)

// ONE_LANE is a group of lane A alone. TWO_LANES is the group of lane A,
// then of lane B: each SHA256RNDS2 waits for the previous one of its own lane
// only, so the other lane's instructions fill the wait.
#define ONE_LANE(PHASE, i, LD, S2, S1) LANE_A(PHASE, i, LD, S2, S1)
#define TWO_LANES(PHASE, i, LD, S2, S1) \
	LANE_A(PHASE, i, LD, S2, S1); \
	LANE_B(PHASE, i, LD, S2, S1)

// ROUNDS(LANES, LD): the 64 rounds of ONE_LANE or TWO_LANES, the schedule
// words of rounds 0..15 loaded (LOAD) or in registers already (NO_LOAD).
// SHA256MSG1 runs in groups 1..12 (starting the words of groups 4..15),
// SHA256MSG2 in groups 3..14 (finishing them).
#define ROUNDS(LANES, LD) \
	LANES(PHASE0, 0, LD, NO_SCHED2, NO_SCHED1); \
	LANES(PHASE1, 4, LD, NO_SCHED2, SCHED1); \
	LANES(PHASE2, 8, LD, NO_SCHED2, SCHED1); \
	LANES(PHASE3, 12, LD, SCHED2, SCHED1); \
	ROUNDS_16_TO_63(LANES)

// ROUNDS_16_TO_63(LANES): groups 4..15, whose words the schedule makes.
#define ROUNDS_16_TO_63(LANES) \
	LANES(PHASE0, 16, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE1, 20, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE2, 24, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE3, 28, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE0, 32, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE1, 36, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE2, 40, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE3, 44, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE0, 48, NO_LOAD, SCHED2, SCHED1); \
	LANES(PHASE1, 52, NO_LOAD, SCHED2, NO_SCHED1); \
	LANES(PHASE2, 56, NO_LOAD, SCHED2, NO_SCHED1); \
	LANES(PHASE3, 60, NO_LOAD, NO_SCHED2, NO_SCHED1)

// FROM_ROUND_14(s1, s2, w0, w1, w2, w3, t, p): groups 0..3 of one lane
// whose rounds 0..13 are done already (their words are the prefix's, the
// same for every message: HMAC.Init saved the state after them): the words
// loaded and the schedule begun as ROUNDS does, and rounds 14 and 15 only.
// The state after 14 rounds, an odd number of double rounds, is in the
// registers the other way round: ABEF in s2 and CDGH in s1.
#define FROM_ROUND_14(s1, s2, w0, w1, w2, w3, t, p) \
	LOAD(0, w0, p); \
	LOAD(4, w1, p); \
	SCHED1(w1, w0); \
	LOAD(8, w2, p); \
	SCHED1(w2, w1); \
	LOAD(12, w3, p); \
	MOVOU ·k256+48(SB), X0; \
	PADDL w3, X0; \
	SCHED2(w3, w0, w2, t); \
	ROUNDS_23(s1, s2); \
	SCHED1(w3, w2)

// TO_ABEF(s1, s2, t): words DCBA in s1 and HGFE in s2 to ABEF and CDGH.
#define TO_ABEF(s1, s2, t) \
	MOVO s1, t; \
	PUNPCKLQDQ s2, s1; \
	PUNPCKHQDQ t, s2; \
	PSHUFD $0x1B, s1, s1; \
	PSHUFD $0xB1, s2, s2

// FROM_ABEF(s1, s2, t, lo, hi): ABEF and CDGH back to DCBA in lo and HGFE in hi.
#define FROM_ABEF(s1, s2, t, lo, hi) \
	MOVO s1, t; \
	PUNPCKLQDQ s2, s1; \
	PUNPCKHQDQ t, s2; \
	PSHUFD $0xB1, s1, hi; \
	PSHUFD $0x1B, s2, lo

// STATE_IN(h, s1, s2, t): the state at h into s1 and s2, as ABEF and CDGH.
#define STATE_IN(h, s1, s2, t) \
	MOVOU (h), s1; \
	MOVOU 16(h), s2; \
	TO_ABEF(s1, s2, t)

// STATE_OUT(s1, s2, t, h): the state in s1 and s2 stored at h.
#define STATE_OUT(s1, s2, t, h) \
	FROM_ABEF(s1, s2, t, s2, s1); \
	MOVOU s2, (h); \
	MOVOU s1, 16(h)

// START: the byte-swap mask into X8, the state at DI into lane A.
#define START \
	MOVOU ·flipMask(SB), X8; \
	STATE_IN(DI, X1, X2, X7)

// COPY_LANE_A: lane B's state is lane A's.
#define COPY_LANE_A \
	MOVO X1, X9; \
	MOVO X2, X10

// FEED_FORWARD(a, b, s1, s2): the state before the rounds, in a and b, added
// to the state after them.
#define FEED_FORWARD(a, b, s1, s2) \
	PADDL a, s1; \
	PADDL b, s2

// Two lanes need every register for their rounds, so the states before the
// rounds wait on the stack (lane A at 0(SP), lane B at 32(SP)): STASH puts
// them there, FEED_FORWARD2 brings them back into the schedule registers,
// which round 63 leaves free, and adds them.
#define STASH \
	MOVOU X1, 0(SP); \
	MOVOU X2, 16(SP); \
	MOVOU X9, 32(SP); \
	MOVOU X10, 48(SP)

#define FEED_FORWARD2 \
	MOVOU 0(SP), X3; \
	MOVOU 16(SP), X4; \
	MOVOU 32(SP), X11; \
	MOVOU 48(SP), X12; \
	FEED_FORWARD(X3, X4, X1, X2); \
	FEED_FORWARD(X11, X12, X9, X10)

// OUTER_BLOCKS: the inner digests in lanes A and B become the schedule words
// of their outer blocks: the digest's words (STATE_OUT's order), then the
// padding.
#define OUTER_BLOCKS \
	FROM_ABEF(X1, X2, X7, X3, X4); \
	FROM_ABEF(X9, X10, X15, X11, X12); \
	MOVOU outerPad<>(SB), X5; \
	MOVO X5, X13; \
	MOVOU outerLen<>(SB), X6; \
	MOVO X6, X14

// OUTER_WORDS: both outer blocks compressed from the outer state at BX, which
// both lanes start from (stashed for each, as FEED_FORWARD2 reads them). Only
// A and B of each final state matter (the word is their top 52 bits, the two
// upper lanes of ABEF); they go to the two words at R8.
#define OUTER_WORDS \
	OUTER_BLOCKS; \
	STATE_IN(BX, X1, X2, X7); \
	COPY_LANE_A; \
	STASH; \
	ROUNDS(TWO_LANES, NO_LOAD); \
	FEED_FORWARD2; \
	PEXTRQ $1, X1, AX; \
	SHRQ $12, AX; \
	MOVQ AX, 0(R8); \
	PEXTRQ $1, X9, AX; \
	SHRQ $12, AX; \
	MOVQ AX, 8(R8)

// WORDS_ARGS: the inner and outer states at DI and BX, the first message at
// SI, the number of pairs in CX, the words at R8, the mask in X8.
#define WORDS_ARGS \
	MOVQ inner+0(FP), DI; \
	MOVQ outer+8(FP), BX; \
	MOVQ blocks+16(FP), SI; \
	MOVQ pairs+24(FP), CX; \
	MOVQ out+32(FP), R8; \
	MOVOU ·flipMask(SB), X8

// INNER_FROM_DI: both lanes start from the inner state at DI, stashed for
// the feed-forward.
#define INNER_FROM_DI \
	STATE_IN(DI, X1, X2, X7); \
	COPY_LANE_A; \
	STASH

// func blockSHANI(h *[8]uint32, p *[64]byte)
//
// One lane leaves lane B's state registers free to keep the state before the
// rounds.
TEXT ·blockSHANI(SB), NOSPLIT, $0-16
	MOVQ h+0(FP), DI
	MOVQ p+8(FP), SI
	START
	COPY_LANE_A
	ROUNDS(ONE_LANE, LOAD)
	FEED_FORWARD(X9, X10, X1, X2)
	STATE_OUT(X1, X2, X7, DI)
	RET

// func blocks2SHANI(ha, hb *[8]uint32, pa, pb *[64]byte)
//
// Two independent compressions, their rounds interleaved group by group.
TEXT ·blocks2SHANI(SB), NOSPLIT, $64-32
	MOVQ ha+0(FP), DI
	MOVQ hb+8(FP), BX
	MOVQ pa+16(FP), SI
	MOVQ pb+24(FP), DX
	START
	STATE_IN(BX, X9, X10, X15)
	STASH
	ROUNDS(TWO_LANES, LOAD)
	FEED_FORWARD2
	STATE_OUT(X1, X2, X7, DI)
	STATE_OUT(X9, X10, X15, BX)
	RET

// func hmacWordsSHANI(inner, outer *[8]uint32, blocks *[64]byte, pairs int, out *uint64)
//
// Words of one HMAC, two at a time: blocks holds 2*pairs messages of one
// block each, out gets 2*pairs words. Each lane compresses its message's last
// block from the saved inner state, turns the inner digest into the outer
// block in registers (digest words, the 0x80 marker, the length 768 bits) and
// compresses it from the saved outer state; the word is the top 52 bits of
// the final state. The loop stays in assembly so that one pair's last rounds
// and the next pair's first can overlap in the processor.
TEXT ·hmacWordsSHANI(SB), NOSPLIT, $64-40
	WORDS_ARGS

pair:
	LEAQ 64(SI), DX
	INNER_FROM_DI
	ROUNDS(TWO_LANES, LOAD)
	FEED_FORWARD2
	OUTER_WORDS
	ADDQ $128, SI
	ADDQ $16, R8
	DECQ CX
	JNZ  pair
	RET

// func hmacWordsLongSHANI(inner, outer *[8]uint32, blocks *[128]byte, pairs int, out *uint64)
//
// hmacWordsSHANI for messages whose inner hash ends in two blocks each, 128
// bytes a message: the lanes start from the same inner state but part after
// the first block, so each lane's state after it is stashed for the second
// block's feed-forward.
TEXT ·hmacWordsLongSHANI(SB), NOSPLIT, $64-40
	WORDS_ARGS

pair:
	LEAQ 128(SI), DX
	INNER_FROM_DI
	ROUNDS(TWO_LANES, LOAD)
	FEED_FORWARD2
	STASH
	ADDQ $64, SI
	ADDQ $64, DX
	ROUNDS(TWO_LANES, LOAD)
	FEED_FORWARD2
	OUTER_WORDS
	ADDQ $192, SI
	ADDQ $16, R8
	DECQ CX
	JNZ  pair
	RET

// func hmacWordsLongMidSHANI(inner, outer *[8]uint32, blocks *[128]byte, pairs int, out *uint64, mid *[8]uint32)
//
// hmacWordsLongSHANI for messages whose first block starts with 56 bytes of
// the prefix: mid is the state after that block's first 14 rounds, which
// use only those bytes, so each message's first block costs 25 double
// rounds instead of 32. The feed-forward still adds the inner state.
TEXT ·hmacWordsLongMidSHANI(SB), NOSPLIT, $64-48
	WORDS_ARGS
	MOVQ mid+40(FP), R9

pair:
	LEAQ 128(SI), DX
	INNER_FROM_DI
	STATE_IN(R9, X2, X1, X7)
	COPY_LANE_A
	FROM_ROUND_14(X1, X2, X3, X4, X5, X6, X7, SI)
	FROM_ROUND_14(X9, X10, X11, X12, X13, X14, X15, DX)
	ROUNDS_16_TO_63(TWO_LANES)
	FEED_FORWARD2
	STASH
	ADDQ $64, SI
	ADDQ $64, DX
	ROUNDS(TWO_LANES, LOAD)
	FEED_FORWARD2
	OUTER_WORDS
	ADDQ $192, SI
	ADDQ $16, R8
	DECQ CX
	JNZ  pair
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// The mask reversing the bytes of each 32-bit word, for PSHUFB here and
// VPSHUFB in block_avx512_amd64.s (a symbol of the package, as the round
// constants are: k256 in state.go).
DATA ·flipMask+0(SB)/8, $0x0405060700010203
DATA ·flipMask+8(SB)/8, $0x0c0d0e0f08090a0b
GLOBL ·flipMask(SB), RODATA|NOPTR, $16

// The outer block's padding as schedule words: W8 = 0x80000000 (the marker
// after the 32-byte digest) and W15 = 768 (64 + 32 bytes, in bits).
DATA outerPad<>+0(SB)/4, $0x80000000
DATA outerPad<>+4(SB)/4, $0
DATA outerPad<>+8(SB)/4, $0
DATA outerPad<>+12(SB)/4, $0
GLOBL outerPad<>(SB), RODATA|NOPTR, $16
DATA outerLen<>+0(SB)/4, $0
DATA outerLen<>+4(SB)/4, $0
DATA outerLen<>+8(SB)/4, $0
DATA outerLen<>+12(SB)/4, $0x300
GLOBL outerLen<>(SB), RODATA|NOPTR, $16

