//go:build amd64 && !purego

#include "textflag.h"

// One SHA-256 compression with the SHA extensions (SHA256RNDS2, SHA256MSG1,
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

// LOAD(i, m, p): schedule words i..i+3 of the block at p, big-endian, into m.
#define LOAD(i, m, p) \
	MOVOU (i*4)(p), m; \
	PSHUFB X8, m

// ROUNDS_A(i, m, s1, s2): rounds i and i+1 with m + K[i..i+3] (s2 becomes ABEF).
#define ROUNDS_A(i, m, s1, s2) \
	MOVOU k256<>+(i*4)(SB), X0; \
	PADDL m, X0; \
	SHA256RNDS2 X0, s1, s2

// ROUNDS_B(s1, s2): rounds i+2 and i+3 with the upper half of X0 (s1 is ABEF again).
#define ROUNDS_B(s1, s2) \
	PSHUFD $0x0E, X0, X0; \
	SHA256RNDS2 X0, s2, s1

// SCHED2: m1 = msg2(m1 + (m0:m3 >> 32 bits), m0), the next four words.
#define SCHED2(m0, m1, m3, t) \
	MOVO m0, t; \
	PALIGNR $4, m3, t; \
	PADDL t, m1; \
	SHA256MSG2 m0, m1

// TO_ABEF(s1, s2, t): words DCBA in s1 and HGFE in s2 to ABEF and CDGH.
#define TO_ABEF(s1, s2, t) \
	MOVO s1, t; \
	PUNPCKLQDQ s2, s1; \
	PUNPCKHQDQ t, s2; \
	PSHUFD $0x1B, s1, s1; \
	PSHUFD $0xB1, s2, s2

// STORE(s1, s2, t, h): ABEF and CDGH back to DCBA and HGFE, stored at h.
#define STORE(s1, s2, t, h) \
	MOVO s1, t; \
	PUNPCKLQDQ s2, s1; \
	PUNPCKHQDQ t, s2; \
	PSHUFD $0xB1, s1, s1; \
	PSHUFD $0x1B, s2, s2; \
	MOVOU s2, (h); \
	MOVOU s1, 16(h)

// LANES2_LOAD_0_15: rounds 0..15 of lanes A and B, loading their blocks from SI and DX
// into the schedule registers.
#define LANES2_LOAD_0_15 \
	LOAD(0, X3, SI); \
	ROUNDS_A(0, X3, X1, X2); \
	ROUNDS_B(X1, X2); \
	LOAD(0, X11, DX); \
	ROUNDS_A(0, X11, X9, X10); \
	ROUNDS_B(X9, X10); \
	LOAD(4, X4, SI); \
	ROUNDS_A(4, X4, X1, X2); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X4, X3; \
	LOAD(4, X12, DX); \
	ROUNDS_A(4, X12, X9, X10); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X12, X11; \
	LOAD(8, X5, SI); \
	ROUNDS_A(8, X5, X1, X2); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X5, X4; \
	LOAD(8, X13, DX); \
	ROUNDS_A(8, X13, X9, X10); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X13, X12; \
	LOAD(12, X6, SI); \
	ROUNDS_A(12, X6, X1, X2); \
	SCHED2(X6, X3, X5, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X6, X5; \
	LOAD(12, X14, DX); \
	ROUNDS_A(12, X14, X9, X10); \
	SCHED2(X14, X11, X13, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X14, X13

// LANES2_REGS_0_15: rounds 0..15 of both lanes with the schedule words already in
// X3..X6 and X11..X14 (an outer block built in registers).
#define LANES2_REGS_0_15 \
	ROUNDS_A(0, X3, X1, X2); \
	ROUNDS_B(X1, X2); \
	ROUNDS_A(0, X11, X9, X10); \
	ROUNDS_B(X9, X10); \
	ROUNDS_A(4, X4, X1, X2); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X4, X3; \
	ROUNDS_A(4, X12, X9, X10); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X12, X11; \
	ROUNDS_A(8, X5, X1, X2); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X5, X4; \
	ROUNDS_A(8, X13, X9, X10); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X13, X12; \
	ROUNDS_A(12, X6, X1, X2); \
	SCHED2(X6, X3, X5, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X6, X5; \
	ROUNDS_A(12, X14, X9, X10); \
	SCHED2(X14, X11, X13, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X14, X13

// LANES2_16_63: rounds 16..63 of both lanes, the schedule computed as they go.
#define LANES2_16_63 \
	ROUNDS_A(16, X3, X1, X2); \
	SCHED2(X3, X4, X6, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X3, X6; \
	ROUNDS_A(16, X11, X9, X10); \
	SCHED2(X11, X12, X14, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X11, X14; \
	ROUNDS_A(20, X4, X1, X2); \
	SCHED2(X4, X5, X3, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X4, X3; \
	ROUNDS_A(20, X12, X9, X10); \
	SCHED2(X12, X13, X11, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X12, X11; \
	ROUNDS_A(24, X5, X1, X2); \
	SCHED2(X5, X6, X4, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X5, X4; \
	ROUNDS_A(24, X13, X9, X10); \
	SCHED2(X13, X14, X12, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X13, X12; \
	ROUNDS_A(28, X6, X1, X2); \
	SCHED2(X6, X3, X5, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X6, X5; \
	ROUNDS_A(28, X14, X9, X10); \
	SCHED2(X14, X11, X13, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X14, X13; \
	ROUNDS_A(32, X3, X1, X2); \
	SCHED2(X3, X4, X6, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X3, X6; \
	ROUNDS_A(32, X11, X9, X10); \
	SCHED2(X11, X12, X14, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X11, X14; \
	ROUNDS_A(36, X4, X1, X2); \
	SCHED2(X4, X5, X3, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X4, X3; \
	ROUNDS_A(36, X12, X9, X10); \
	SCHED2(X12, X13, X11, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X12, X11; \
	ROUNDS_A(40, X5, X1, X2); \
	SCHED2(X5, X6, X4, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X5, X4; \
	ROUNDS_A(40, X13, X9, X10); \
	SCHED2(X13, X14, X12, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X13, X12; \
	ROUNDS_A(44, X6, X1, X2); \
	SCHED2(X6, X3, X5, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X6, X5; \
	ROUNDS_A(44, X14, X9, X10); \
	SCHED2(X14, X11, X13, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X14, X13; \
	ROUNDS_A(48, X3, X1, X2); \
	SCHED2(X3, X4, X6, X7); \
	ROUNDS_B(X1, X2); \
	SHA256MSG1 X3, X6; \
	ROUNDS_A(48, X11, X9, X10); \
	SCHED2(X11, X12, X14, X15); \
	ROUNDS_B(X9, X10); \
	SHA256MSG1 X11, X14; \
	ROUNDS_A(52, X4, X1, X2); \
	SCHED2(X4, X5, X3, X7); \
	ROUNDS_B(X1, X2); \
	ROUNDS_A(52, X12, X9, X10); \
	SCHED2(X12, X13, X11, X15); \
	ROUNDS_B(X9, X10); \
	ROUNDS_A(56, X5, X1, X2); \
	SCHED2(X5, X6, X4, X7); \
	ROUNDS_B(X1, X2); \
	ROUNDS_A(56, X13, X9, X10); \
	SCHED2(X13, X14, X12, X15); \
	ROUNDS_B(X9, X10); \
	ROUNDS_A(60, X6, X1, X2); \
	ROUNDS_B(X1, X2); \
	ROUNDS_A(60, X14, X9, X10); \
	ROUNDS_B(X9, X10)

// OUTER_SCHEDULES: the inner digests (lane A in X1/X2, lane B in X9/X10) become
// the outer blocks' schedule words: ABEF and CDGH back to words A..D and E..H
// (as STORE orders them), then the padding words.
#define OUTER_SCHEDULES \
	MOVO X1, X7; \
	PUNPCKLQDQ X2, X1; \
	PUNPCKHQDQ X7, X2; \
	PSHUFD $0xB1, X1, X4; \
	PSHUFD $0x1B, X2, X3; \
	MOVO X9, X15; \
	PUNPCKLQDQ X10, X9; \
	PUNPCKHQDQ X15, X10; \
	PSHUFD $0xB1, X9, X12; \
	PSHUFD $0x1B, X10, X11; \
	MOVOU outerPad<>(SB), X5; \
	MOVO X5, X13; \
	MOVOU outerLen<>(SB), X6; \
	MOVO X6, X14

// OUTER_WORDS: both outer blocks (schedules from OUTER_SCHEDULES) compressed from
// the saved outer state at BX, kept at 32(SP) for the feed-forward; only A and
// B of each final state matter (the word is their top 52 bits, the two upper
// lanes of ABEF), stored to out.
#define OUTER_WORDS \
	MOVOU (BX), X1; \
	MOVOU 16(BX), X2; \
	TO_ABEF(X1, X2, X7); \
	MOVOU X1, 32(SP); \
	MOVOU X2, 48(SP); \
	MOVO X1, X9; \
	MOVO X2, X10; \
	LANES2_REGS_0_15; \
	LANES2_16_63; \
	MOVOU 32(SP), X7; \
	PADDL X7, X1; \
	PADDL X7, X9; \
	MOVQ out+32(FP), DI; \
	PEXTRQ $1, X1, AX; \
	SHRQ $12, AX; \
	MOVQ AX, 0(DI); \
	PEXTRQ $1, X9, AX; \
	SHRQ $12, AX; \
	MOVQ AX, 8(DI)

// func blockSHANI(h *[8]uint32, p *[64]byte)
TEXT ·blockSHANI(SB), NOSPLIT, $0-16
	MOVQ h+0(FP), DI
	MOVQ p+8(FP), SI
	MOVOU flipMask<>(SB), X8
	MOVOU (DI), X1
	MOVOU 16(DI), X2
	TO_ABEF(X1, X2, X7)
	MOVO X1, X9
	MOVO X2, X10
	// rounds 0..3
	LOAD(0, X3, SI)
	ROUNDS_A(0, X3, X1, X2)
	ROUNDS_B(X1, X2)
	// rounds 4..7
	LOAD(4, X4, SI)
	ROUNDS_A(4, X4, X1, X2)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X4, X3
	// rounds 8..11
	LOAD(8, X5, SI)
	ROUNDS_A(8, X5, X1, X2)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X5, X4
	// rounds 12..15
	LOAD(12, X6, SI)
	ROUNDS_A(12, X6, X1, X2)
	SCHED2(X6, X3, X5, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X6, X5
	// rounds 16..19
	ROUNDS_A(16, X3, X1, X2)
	SCHED2(X3, X4, X6, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X3, X6
	// rounds 20..23
	ROUNDS_A(20, X4, X1, X2)
	SCHED2(X4, X5, X3, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X4, X3
	// rounds 24..27
	ROUNDS_A(24, X5, X1, X2)
	SCHED2(X5, X6, X4, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X5, X4
	// rounds 28..31
	ROUNDS_A(28, X6, X1, X2)
	SCHED2(X6, X3, X5, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X6, X5
	// rounds 32..35
	ROUNDS_A(32, X3, X1, X2)
	SCHED2(X3, X4, X6, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X3, X6
	// rounds 36..39
	ROUNDS_A(36, X4, X1, X2)
	SCHED2(X4, X5, X3, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X4, X3
	// rounds 40..43
	ROUNDS_A(40, X5, X1, X2)
	SCHED2(X5, X6, X4, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X5, X4
	// rounds 44..47
	ROUNDS_A(44, X6, X1, X2)
	SCHED2(X6, X3, X5, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X6, X5
	// rounds 48..51
	ROUNDS_A(48, X3, X1, X2)
	SCHED2(X3, X4, X6, X7)
	ROUNDS_B(X1, X2)
	SHA256MSG1 X3, X6
	// rounds 52..55
	ROUNDS_A(52, X4, X1, X2)
	SCHED2(X4, X5, X3, X7)
	ROUNDS_B(X1, X2)
	// rounds 56..59
	ROUNDS_A(56, X5, X1, X2)
	SCHED2(X5, X6, X4, X7)
	ROUNDS_B(X1, X2)
	// rounds 60..63
	ROUNDS_A(60, X6, X1, X2)
	ROUNDS_B(X1, X2)

	PADDL X9, X1
	PADDL X10, X2
	STORE(X1, X2, X7, DI)
	RET

// func blocks2SHANI(ha, hb *[8]uint32, pa, pb *[64]byte)
//
// Two independent compressions, their rounds interleaved group by group: each
// SHA256RNDS2 waits for the previous one of its own block only, so the
// instructions of the other block fill the wait. The starting states are kept
// on the stack, since lane B needs the registers that held them above.
TEXT ·blocks2SHANI(SB), NOSPLIT, $64-32
	MOVQ ha+0(FP), DI
	MOVQ hb+8(FP), BX
	MOVQ pa+16(FP), SI
	MOVQ pb+24(FP), DX
	MOVOU flipMask<>(SB), X8
	MOVOU (DI), X1
	MOVOU 16(DI), X2
	TO_ABEF(X1, X2, X7)
	MOVOU (BX), X9
	MOVOU 16(BX), X10
	TO_ABEF(X9, X10, X15)
	MOVOU X1, 0(SP)
	MOVOU X2, 16(SP)
	MOVOU X9, 32(SP)
	MOVOU X10, 48(SP)
	LANES2_LOAD_0_15
	LANES2_16_63

	MOVOU 0(SP), X7
	PADDL X7, X1
	MOVOU 16(SP), X7
	PADDL X7, X2
	MOVOU 32(SP), X15
	PADDL X15, X9
	MOVOU 48(SP), X15
	PADDL X15, X10
	STORE(X1, X2, X7, DI)
	STORE(X9, X10, X15, BX)
	RET

// func hmacWords2SHANI(inner, outer *[8]uint32, pa, pb *[64]byte, out *[2]uint64)
//
// Two words of one HMAC, side by side: each lane compresses its message's last
// block from the saved inner state, turns the inner digest into the outer
// block in registers (digest words, the 0x80 marker, the length 768 bits) and
// compresses it from the saved outer state; out gets the top 52 bits of each
// final state.
TEXT ·hmacWords2SHANI(SB), NOSPLIT, $64-40
	MOVQ inner+0(FP), DI
	MOVQ outer+8(FP), BX
	MOVQ pa+16(FP), SI
	MOVQ pb+24(FP), DX
	MOVOU flipMask<>(SB), X8
	MOVOU (DI), X1
	MOVOU 16(DI), X2
	TO_ABEF(X1, X2, X7)
	MOVOU X1, 0(SP)
	MOVOU X2, 16(SP)
	MOVO X1, X9
	MOVO X2, X10
	LANES2_LOAD_0_15
	LANES2_16_63

	MOVOU 0(SP), X7
	PADDL X7, X1
	PADDL X7, X9
	MOVOU 16(SP), X7
	PADDL X7, X2
	PADDL X7, X10

	OUTER_SCHEDULES
	OUTER_WORDS
	RET

// func hmacWordsLong2SHANI(inner, outer *[8]uint32, pa, pb *[128]byte, out *[2]uint64)
//
// hmacWords2SHANI for messages whose inner hash ends in two blocks each: the
// lanes start from the same inner state but part after the first block, so
// each keeps its own state for the feed-forward (lane A at 0(SP), lane B at
// 32(SP), where the outer state goes once both inner digests are done).
TEXT ·hmacWordsLong2SHANI(SB), NOSPLIT, $64-40
	MOVQ inner+0(FP), DI
	MOVQ outer+8(FP), BX
	MOVQ pa+16(FP), SI
	MOVQ pb+24(FP), DX
	MOVOU flipMask<>(SB), X8
	MOVOU (DI), X1
	MOVOU 16(DI), X2
	TO_ABEF(X1, X2, X7)
	MOVOU X1, 0(SP)
	MOVOU X2, 16(SP)
	MOVOU X1, 32(SP)
	MOVOU X2, 48(SP)
	MOVO X1, X9
	MOVO X2, X10
	// first inner blocks
	LANES2_LOAD_0_15
	LANES2_16_63

	MOVOU 0(SP), X7
	PADDL X7, X1
	MOVOU 16(SP), X7
	PADDL X7, X2
	MOVOU 32(SP), X7
	PADDL X7, X9
	MOVOU 48(SP), X7
	PADDL X7, X10
	MOVOU X1, 0(SP)
	MOVOU X2, 16(SP)
	MOVOU X9, 32(SP)
	MOVOU X10, 48(SP)
	ADDQ $64, SI
	ADDQ $64, DX
	// second inner blocks
	LANES2_LOAD_0_15
	LANES2_16_63

	MOVOU 0(SP), X7
	PADDL X7, X1
	MOVOU 16(SP), X7
	PADDL X7, X2
	MOVOU 32(SP), X7
	PADDL X7, X9
	MOVOU 48(SP), X7
	PADDL X7, X10

	OUTER_SCHEDULES
	OUTER_WORDS
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

// PSHUFB mask reversing the bytes of each 32-bit word.
DATA flipMask<>+0(SB)/8, $0x0405060700010203
DATA flipMask<>+8(SB)/8, $0x0c0d0e0f08090a0b
GLOBL flipMask<>(SB), RODATA|NOPTR, $16

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

// The 64 round constants.
DATA k256<>+0(SB)/4, $0x428a2f98
DATA k256<>+4(SB)/4, $0x71374491
DATA k256<>+8(SB)/4, $0xb5c0fbcf
DATA k256<>+12(SB)/4, $0xe9b5dba5
DATA k256<>+16(SB)/4, $0x3956c25b
DATA k256<>+20(SB)/4, $0x59f111f1
DATA k256<>+24(SB)/4, $0x923f82a4
DATA k256<>+28(SB)/4, $0xab1c5ed5
DATA k256<>+32(SB)/4, $0xd807aa98
DATA k256<>+36(SB)/4, $0x12835b01
DATA k256<>+40(SB)/4, $0x243185be
DATA k256<>+44(SB)/4, $0x550c7dc3
DATA k256<>+48(SB)/4, $0x72be5d74
DATA k256<>+52(SB)/4, $0x80deb1fe
DATA k256<>+56(SB)/4, $0x9bdc06a7
DATA k256<>+60(SB)/4, $0xc19bf174
DATA k256<>+64(SB)/4, $0xe49b69c1
DATA k256<>+68(SB)/4, $0xefbe4786
DATA k256<>+72(SB)/4, $0x0fc19dc6
DATA k256<>+76(SB)/4, $0x240ca1cc
DATA k256<>+80(SB)/4, $0x2de92c6f
DATA k256<>+84(SB)/4, $0x4a7484aa
DATA k256<>+88(SB)/4, $0x5cb0a9dc
DATA k256<>+92(SB)/4, $0x76f988da
DATA k256<>+96(SB)/4, $0x983e5152
DATA k256<>+100(SB)/4, $0xa831c66d
DATA k256<>+104(SB)/4, $0xb00327c8
DATA k256<>+108(SB)/4, $0xbf597fc7
DATA k256<>+112(SB)/4, $0xc6e00bf3
DATA k256<>+116(SB)/4, $0xd5a79147
DATA k256<>+120(SB)/4, $0x06ca6351
DATA k256<>+124(SB)/4, $0x14292967
DATA k256<>+128(SB)/4, $0x27b70a85
DATA k256<>+132(SB)/4, $0x2e1b2138
DATA k256<>+136(SB)/4, $0x4d2c6dfc
DATA k256<>+140(SB)/4, $0x53380d13
DATA k256<>+144(SB)/4, $0x650a7354
DATA k256<>+148(SB)/4, $0x766a0abb
DATA k256<>+152(SB)/4, $0x81c2c92e
DATA k256<>+156(SB)/4, $0x92722c85
DATA k256<>+160(SB)/4, $0xa2bfe8a1
DATA k256<>+164(SB)/4, $0xa81a664b
DATA k256<>+168(SB)/4, $0xc24b8b70
DATA k256<>+172(SB)/4, $0xc76c51a3
DATA k256<>+176(SB)/4, $0xd192e819
DATA k256<>+180(SB)/4, $0xd6990624
DATA k256<>+184(SB)/4, $0xf40e3585
DATA k256<>+188(SB)/4, $0x106aa070
DATA k256<>+192(SB)/4, $0x19a4c116
DATA k256<>+196(SB)/4, $0x1e376c08
DATA k256<>+200(SB)/4, $0x2748774c
DATA k256<>+204(SB)/4, $0x34b0bcb5
DATA k256<>+208(SB)/4, $0x391c0cb3
DATA k256<>+212(SB)/4, $0x4ed8aa4a
DATA k256<>+216(SB)/4, $0x5b9cca4f
DATA k256<>+220(SB)/4, $0x682e6ff3
DATA k256<>+224(SB)/4, $0x748f82ee
DATA k256<>+228(SB)/4, $0x78a5636f
DATA k256<>+232(SB)/4, $0x84c87814
DATA k256<>+236(SB)/4, $0x8cc70208
DATA k256<>+240(SB)/4, $0x90befffa
DATA k256<>+244(SB)/4, $0xa4506ceb
DATA k256<>+248(SB)/4, $0xbef9a3f7
DATA k256<>+252(SB)/4, $0xc67178f2
GLOBL k256<>(SB), RODATA|NOPTR, $256
