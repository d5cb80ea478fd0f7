package audit

import "sync"

// DefaultBudget is what the records admitted to the workers may cost at
// once, in bytes: with the reader's line and the runtime, an audit of
// records of any shape stays within LIM-3's 128 MiB, whatever the number of
// workers.
const DefaultBudget = 64 << 20

// judgeCost is what judging a record of n bytes may hold at its peak: its
// bytes, and the tree they are read into. A value costs a reader tens of
// bytes however short it is written ("[0]," is two values in four bytes),
// so the tree may reach 16 times the bytes, but no more than the values
// and objects LIM-5 lets a record hold: about 48 MiB.
func judgeCost(n int) int64 {
	return int64(n) + min(16*int64(n), 48<<20)
}

// budget admits batches to the workers against a number of bytes (LIM-3):
// the reader waits until the batches being judged leave room for the next,
// so that memory does not grow with the workers times the size of a record.
// A batch that costs more than the whole budget waits for all of it and is
// then judged alone.
type budget struct {
	mu         sync.Mutex
	room       sync.Cond
	free, size int64
	peak       int64 // the most taken at once
}

func newBudget(size int64) *budget {
	if size <= 0 {
		size = DefaultBudget
	}
	b := &budget{free: size, size: size}
	b.room.L = &b.mu
	return b
}

// acquire waits until n bytes are free, n at most the whole budget, takes
// them and says how many it took.
func (b *budget) acquire(n int64) int64 {
	n = min(n, b.size)
	b.mu.Lock()
	for b.free < n {
		b.room.Wait()
	}
	b.free -= n
	b.peak = max(b.peak, b.size-b.free)
	b.mu.Unlock()
	return n
}

// release gives n bytes back.
func (b *budget) release(n int64) {
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.room.Broadcast()
}
