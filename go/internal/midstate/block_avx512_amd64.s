//go:build amd64 && !purego

#include "textflag.h"

// HMAC-SHA256 words sixteen at a time with AVX-512: each of the 32 vector
// registers holds one 32-bit variable of sixteen independent compressions,
// one per lane. Z0..Z7 are the working variables a..h, Z8..Z23 the message
// schedule (word t in Z(8 + t mod 16)), Z24..Z30 scratch, Z31 the byte-swap
// mask. A round is the FIPS 180-4 round written with three-input logic
// (VPTERNLOGD: 0x96 is x^y^z, 0xca is Ch, 0xe8 is Maj) and rotations
// (VPRORD); nothing here depends on one lane's values being like another's.

// BIG_SIGMA(x, r1, r2, r3): Z24 = x>>>r1 ^ x>>>r2 ^ x>>>r3 (FIPS 180-4's
// capital sigmas of a and e).
#define BIG_SIGMA(x, r1, r2, r3) \
	VPRORD     $r1, x, Z24; \
	VPRORD     $r2, x, Z25; \
	VPRORD     $r3, x, Z26; \
	VPTERNLOGD $0x96, Z26, Z25, Z24

// SMALL_SIGMA(x, r1, r2, s, t0, t1, t2): t0 = x>>>r1 ^ x>>>r2 ^ x>>s (the
// schedule's sigmas), with t1 and t2 as scratch.
#define SMALL_SIGMA(x, r1, r2, s, t0, t1, t2) \
	VPRORD     $r1, x, t0; \
	VPRORD     $r2, x, t1; \
	VPSRLD     $s, x, t2; \
	VPTERNLOGD $0x96, t2, t1, t0

// RND(t, a, b, c, d, e, f, g, h, w): round t. h becomes the new a and d the
// new e, so the next round names the registers one place on.
#define RND(t, a, b, c, d, e, f, g, h, w) \
	BIG_SIGMA(e, 6, 11, 25); \
	VMOVDQA32  e, Z27; \
	VPTERNLOGD $0xca, g, f, Z27; \
	VPADDD     w, h, h; \
	VPADDD.BCST (t*4)(R8), h, h; \
	VPADDD     Z24, h, h; \
	VPADDD     Z27, h, h; \
	VPADDD     h, d, d; \
	BIG_SIGMA(a, 2, 13, 22); \
	VMOVDQA32  a, Z27; \
	VPTERNLOGD $0xe8, c, b, Z27; \
	VPADDD     Z24, h, h; \
	VPADDD     Z27, h, h

// SCHED(w16, w15, w7, w2): schedule word t, in the register of word t-16:
// w16 + sigma0(w15) + w7 + sigma1(w2).
#define SCHED(w16, w15, w7, w2) \
	SMALL_SIGMA(w15, 7, 18, 3, Z24, Z25, Z26); \
	VPADDD Z24, w16, w16; \
	SMALL_SIGMA(w2, 17, 19, 10, Z28, Z29, Z30); \
	VPADDD Z28, w16, w16; \
	VPADDD w7, w16, w16

// ROUNDS: the 64 rounds of 16 lanes, the state in Z0..Z7 (a..h at round 0;
// the roles move one register down each round, so that after 64 they are
// back), the schedule in Z8..Z23, word t in Z(8 + t mod 16).
#define ROUNDS \
	RND(0, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8); \
	RND(1, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z9); \
	RND(2, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z10); \
	RND(3, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z11); \
	RND(4, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z12); \
	RND(5, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z13); \
	RND(6, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z14); \
	RND(7, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z15); \
	RND(8, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16); \
	RND(9, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z17); \
	RND(10, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z18); \
	RND(11, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z19); \
	RND(12, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z20); \
	RND(13, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z21); \
	RND(14, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z22); \
	RND(15, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z23); \
	SCHED(Z8, Z9, Z17, Z22); \
	RND(16, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8); \
	SCHED(Z9, Z10, Z18, Z23); \
	RND(17, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z9); \
	SCHED(Z10, Z11, Z19, Z8); \
	RND(18, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z10); \
	SCHED(Z11, Z12, Z20, Z9); \
	RND(19, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z11); \
	SCHED(Z12, Z13, Z21, Z10); \
	RND(20, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z12); \
	SCHED(Z13, Z14, Z22, Z11); \
	RND(21, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z13); \
	SCHED(Z14, Z15, Z23, Z12); \
	RND(22, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z14); \
	SCHED(Z15, Z16, Z8, Z13); \
	RND(23, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z15); \
	SCHED(Z16, Z17, Z9, Z14); \
	RND(24, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16); \
	SCHED(Z17, Z18, Z10, Z15); \
	RND(25, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z17); \
	SCHED(Z18, Z19, Z11, Z16); \
	RND(26, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z18); \
	SCHED(Z19, Z20, Z12, Z17); \
	RND(27, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z19); \
	SCHED(Z20, Z21, Z13, Z18); \
	RND(28, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z20); \
	SCHED(Z21, Z22, Z14, Z19); \
	RND(29, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z21); \
	SCHED(Z22, Z23, Z15, Z20); \
	RND(30, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z22); \
	SCHED(Z23, Z8, Z16, Z21); \
	RND(31, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z23); \
	SCHED(Z8, Z9, Z17, Z22); \
	RND(32, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8); \
	SCHED(Z9, Z10, Z18, Z23); \
	RND(33, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z9); \
	SCHED(Z10, Z11, Z19, Z8); \
	RND(34, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z10); \
	SCHED(Z11, Z12, Z20, Z9); \
	RND(35, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z11); \
	SCHED(Z12, Z13, Z21, Z10); \
	RND(36, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z12); \
	SCHED(Z13, Z14, Z22, Z11); \
	RND(37, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z13); \
	SCHED(Z14, Z15, Z23, Z12); \
	RND(38, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z14); \
	SCHED(Z15, Z16, Z8, Z13); \
	RND(39, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z15); \
	SCHED(Z16, Z17, Z9, Z14); \
	RND(40, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16); \
	SCHED(Z17, Z18, Z10, Z15); \
	RND(41, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z17); \
	SCHED(Z18, Z19, Z11, Z16); \
	RND(42, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z18); \
	SCHED(Z19, Z20, Z12, Z17); \
	RND(43, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z19); \
	SCHED(Z20, Z21, Z13, Z18); \
	RND(44, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z20); \
	SCHED(Z21, Z22, Z14, Z19); \
	RND(45, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z21); \
	SCHED(Z22, Z23, Z15, Z20); \
	RND(46, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z22); \
	SCHED(Z23, Z8, Z16, Z21); \
	RND(47, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z23); \
	SCHED(Z8, Z9, Z17, Z22); \
	RND(48, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8); \
	SCHED(Z9, Z10, Z18, Z23); \
	RND(49, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z9); \
	SCHED(Z10, Z11, Z19, Z8); \
	RND(50, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z10); \
	SCHED(Z11, Z12, Z20, Z9); \
	RND(51, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z11); \
	SCHED(Z12, Z13, Z21, Z10); \
	RND(52, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z12); \
	SCHED(Z13, Z14, Z22, Z11); \
	RND(53, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z13); \
	SCHED(Z14, Z15, Z23, Z12); \
	RND(54, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z14); \
	SCHED(Z15, Z16, Z8, Z13); \
	RND(55, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z15); \
	SCHED(Z16, Z17, Z9, Z14); \
	RND(56, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16); \
	SCHED(Z17, Z18, Z10, Z15); \
	RND(57, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z17); \
	SCHED(Z18, Z19, Z11, Z16); \
	RND(58, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z18); \
	SCHED(Z19, Z20, Z12, Z17); \
	RND(59, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z19); \
	SCHED(Z20, Z21, Z13, Z18); \
	RND(60, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z20); \
	SCHED(Z21, Z22, Z14, Z19); \
	RND(61, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z21); \
	SCHED(Z22, Z23, Z15, Z20); \
	RND(62, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z22); \
	SCHED(Z23, Z8, Z16, Z21); \
	RND(63, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z23)

// TRANSPOSE: Z8..Z23 hold lane j's sixteen words in Z(8 + j); afterwards
// they hold word i of every lane in Z(8 + i). Three rounds of unpacking
// (32-bit, then 64-bit pairs) and two of 128-bit shuffles, their results in
// whichever registers are free, then moved into place.
#define TRANSPOSE \
	VPUNPCKHDQ Z9, Z8, Z24; \
	VPUNPCKLDQ Z9, Z8, Z8; \
	VPUNPCKHDQ Z11, Z10, Z25; \
	VPUNPCKLDQ Z11, Z10, Z10; \
	VPUNPCKHDQ Z13, Z12, Z26; \
	VPUNPCKLDQ Z13, Z12, Z12; \
	VPUNPCKHDQ Z15, Z14, Z27; \
	VPUNPCKLDQ Z15, Z14, Z14; \
	VPUNPCKHDQ Z17, Z16, Z28; \
	VPUNPCKLDQ Z17, Z16, Z16; \
	VPUNPCKHDQ Z19, Z18, Z29; \
	VPUNPCKLDQ Z19, Z18, Z18; \
	VPUNPCKHDQ Z21, Z20, Z30; \
	VPUNPCKLDQ Z21, Z20, Z20; \
	VPUNPCKHDQ Z23, Z22, Z9; \
	VPUNPCKLDQ Z23, Z22, Z22; \
	VPUNPCKHQDQ Z10, Z8, Z11; \
	VPUNPCKLQDQ Z10, Z8, Z8; \
	VPUNPCKHQDQ Z25, Z24, Z13; \
	VPUNPCKLQDQ Z25, Z24, Z24; \
	VPUNPCKHQDQ Z14, Z12, Z15; \
	VPUNPCKLQDQ Z14, Z12, Z12; \
	VPUNPCKHQDQ Z27, Z26, Z17; \
	VPUNPCKLQDQ Z27, Z26, Z26; \
	VPUNPCKHQDQ Z18, Z16, Z19; \
	VPUNPCKLQDQ Z18, Z16, Z16; \
	VPUNPCKHQDQ Z29, Z28, Z21; \
	VPUNPCKLQDQ Z29, Z28, Z28; \
	VPUNPCKHQDQ Z22, Z20, Z23; \
	VPUNPCKLQDQ Z22, Z20, Z20; \
	VPUNPCKHQDQ Z9, Z30, Z10; \
	VPUNPCKLQDQ Z9, Z30, Z30; \
	VSHUFI32X4 $0x88, Z12, Z8, Z25; \
	VSHUFI32X4 $0xdd, Z12, Z8, Z8; \
	VSHUFI32X4 $0x88, Z20, Z16, Z14; \
	VSHUFI32X4 $0xdd, Z20, Z16, Z16; \
	VSHUFI32X4 $0x88, Z15, Z11, Z27; \
	VSHUFI32X4 $0xdd, Z15, Z11, Z11; \
	VSHUFI32X4 $0x88, Z23, Z19, Z18; \
	VSHUFI32X4 $0xdd, Z23, Z19, Z19; \
	VSHUFI32X4 $0x88, Z26, Z24, Z29; \
	VSHUFI32X4 $0xdd, Z26, Z24, Z24; \
	VSHUFI32X4 $0x88, Z30, Z28, Z22; \
	VSHUFI32X4 $0xdd, Z30, Z28, Z28; \
	VSHUFI32X4 $0x88, Z17, Z13, Z9; \
	VSHUFI32X4 $0xdd, Z17, Z13, Z13; \
	VSHUFI32X4 $0x88, Z10, Z21, Z12; \
	VSHUFI32X4 $0xdd, Z10, Z21, Z21; \
	VSHUFI32X4 $0x88, Z14, Z25, Z20; \
	VSHUFI32X4 $0xdd, Z14, Z25, Z25; \
	VSHUFI32X4 $0x88, Z16, Z8, Z15; \
	VSHUFI32X4 $0xdd, Z16, Z8, Z8; \
	VSHUFI32X4 $0x88, Z18, Z27, Z23; \
	VSHUFI32X4 $0xdd, Z18, Z27, Z27; \
	VSHUFI32X4 $0x88, Z19, Z11, Z26; \
	VSHUFI32X4 $0xdd, Z19, Z11, Z11; \
	VSHUFI32X4 $0x88, Z22, Z29, Z30; \
	VSHUFI32X4 $0xdd, Z22, Z29, Z29; \
	VSHUFI32X4 $0x88, Z28, Z24, Z17; \
	VSHUFI32X4 $0xdd, Z28, Z24, Z24; \
	VSHUFI32X4 $0x88, Z12, Z9, Z10; \
	VSHUFI32X4 $0xdd, Z12, Z9, Z9; \
	VSHUFI32X4 $0x88, Z21, Z13, Z14; \
	VSHUFI32X4 $0xdd, Z21, Z13, Z13; \
	VMOVDQA32 Z15, Z12; \
	VMOVDQA32 Z14, Z15; \
	VMOVDQA32 Z17, Z14; \
	VMOVDQA32 Z25, Z16; \
	VMOVDQA32 Z27, Z17; \
	VMOVDQA32 Z29, Z18; \
	VMOVDQA32 Z9, Z19; \
	VMOVDQA32 Z23, Z9; \
	VMOVDQA32 Z11, Z21; \
	VMOVDQA32 Z10, Z11; \
	VMOVDQA32 Z30, Z10; \
	VMOVDQA32 Z24, Z22; \
	VMOVDQA32 Z13, Z23; \
	VMOVDQA32 Z26, Z13; \
	VMOVDQA32 Z20, Z24; \
	VMOVDQA32 Z8, Z20; \
	VMOVDQA32 Z24, Z8

// LOAD_BLOCKS: the 64-byte blocks of the sixteen messages, lane j's at
// R10 + j*CX, byte-swapped into big-endian words, transposed.
#define LOAD_BLOCKS \
	MOVQ      BX, R10; \
	VMOVDQU32 (R10), Z8; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z9; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z10; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z11; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z12; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z13; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z14; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z15; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z16; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z17; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z18; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z19; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z20; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z21; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z22; \
	ADDQ      CX, R10; \
	VMOVDQU32 (R10), Z23; \
	VPSHUFB   Z31, Z8, Z8; \
	VPSHUFB   Z31, Z9, Z9; \
	VPSHUFB   Z31, Z10, Z10; \
	VPSHUFB   Z31, Z11, Z11; \
	VPSHUFB   Z31, Z12, Z12; \
	VPSHUFB   Z31, Z13, Z13; \
	VPSHUFB   Z31, Z14, Z14; \
	VPSHUFB   Z31, Z15, Z15; \
	VPSHUFB   Z31, Z16, Z16; \
	VPSHUFB   Z31, Z17, Z17; \
	VPSHUFB   Z31, Z18, Z18; \
	VPSHUFB   Z31, Z19, Z19; \
	VPSHUFB   Z31, Z20, Z20; \
	VPSHUFB   Z31, Z21, Z21; \
	VPSHUFB   Z31, Z22, Z22; \
	VPSHUFB   Z31, Z23, Z23; \
	TRANSPOSE

// BROADCAST_STATE(p): every lane's state is the one at p.
#define BROADCAST_STATE(p) \
	VPBROADCASTD 0(p), Z0; \
	VPBROADCASTD 4(p), Z1; \
	VPBROADCASTD 8(p), Z2; \
	VPBROADCASTD 12(p), Z3; \
	VPBROADCASTD 16(p), Z4; \
	VPBROADCASTD 20(p), Z5; \
	VPBROADCASTD 24(p), Z6; \
	VPBROADCASTD 28(p), Z7

// func hmacWordsAVX512(inner, outer *[8]uint32, blocks *byte, stride, nblocks int, out *[2][16]uint32)
//
// Sixteen words of one HMAC: lane j's message is the nblocks blocks (at
// least one) at blocks + j*stride, compressed from the inner state; its digest, the 0x80
// marker and the length (768 bits) make the outer block, compressed from the
// outer state. out gets the first two words of each final state (the top 64
// bits of its digest), a's then b's. The state before each inner block is
// kept on the stack for the feed-forward.
TEXT ·hmacWordsAVX512(SB), NOSPLIT, $512-48
	MOVQ inner+0(FP), DI
	MOVQ outer+8(FP), SI
	MOVQ blocks+16(FP), BX
	MOVQ stride+24(FP), CX
	MOVQ nblocks+32(FP), DX
	MOVQ out+40(FP), R9
	LEAQ ·k256(SB), R8
	VBROADCASTI32X4 ·flipMask(SB), Z31
	BROADCAST_STATE(DI)

block:
	VMOVDQU32 Z0, 0(SP)
	VMOVDQU32 Z1, 64(SP)
	VMOVDQU32 Z2, 128(SP)
	VMOVDQU32 Z3, 192(SP)
	VMOVDQU32 Z4, 256(SP)
	VMOVDQU32 Z5, 320(SP)
	VMOVDQU32 Z6, 384(SP)
	VMOVDQU32 Z7, 448(SP)
	LOAD_BLOCKS
	ROUNDS
	VPADDD 0(SP), Z0, Z0
	VPADDD 64(SP), Z1, Z1
	VPADDD 128(SP), Z2, Z2
	VPADDD 192(SP), Z3, Z3
	VPADDD 256(SP), Z4, Z4
	VPADDD 320(SP), Z5, Z5
	VPADDD 384(SP), Z6, Z6
	VPADDD 448(SP), Z7, Z7
	ADDQ $64, BX
	DECQ DX
	JNZ  block

	// The outer block: the inner digest, the marker, zeros, the length.
	VMOVDQA32    Z0, Z8
	VMOVDQA32    Z1, Z9
	VMOVDQA32    Z2, Z10
	VMOVDQA32    Z3, Z11
	VMOVDQA32    Z4, Z12
	VMOVDQA32    Z5, Z13
	VMOVDQA32    Z6, Z14
	VMOVDQA32    Z7, Z15
	MOVL         $0x80000000, AX
	VPBROADCASTD AX, Z16
	VPXORD       Z17, Z17, Z17
	VPXORD       Z18, Z18, Z18
	VPXORD       Z19, Z19, Z19
	VPXORD       Z20, Z20, Z20
	VPXORD       Z21, Z21, Z21
	VPXORD       Z22, Z22, Z22
	MOVL         $768, AX
	VPBROADCASTD AX, Z23
	BROADCAST_STATE(SI)
	ROUNDS
	VPADDD.BCST  0(SI), Z0, Z0
	VPADDD.BCST  4(SI), Z1, Z1
	VMOVDQU32    Z0, 0(R9)
	VMOVDQU32    Z1, 64(R9)
	VZEROUPPER
	RET

// func xgetbv() (eax, edx uint32): the extended control register 0, which
// says which register states the operating system saves.
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

