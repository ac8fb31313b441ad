#ifndef C_FILE_WRITEBACK_H
#define C_FILE_WRITEBACK_H

#include <stdint.h>

/// Asks the kernel to start writing the dirty pages of `count` bytes at `offset` of the open
/// file `descriptor` to its disk, without waiting for them (Linux `sync_file_range` with
/// `SYNC_FILE_RANGE_WRITE`). A hint only: durability still comes from fsync. Returns 0, or -1
/// with errno set; does nothing and returns 0 where the call does not exist.
int chancery_start_writeback(int descriptor, int64_t offset, int64_t count);

/// Turns direct I/O (Linux `O_DIRECT`: writes go from the caller's buffer to the disk, past the
/// page cache) on or off for the open file `descriptor`. Returns 0, or -1 with errno set: EINVAL
/// when its file system cannot write directly, ENOTSUP where the flag does not exist.
int chancery_set_direct_io(int descriptor, int enabled);

#endif
