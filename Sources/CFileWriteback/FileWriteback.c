// sync_file_range and O_DIRECT are GNU extensions: declared by <fcntl.h> only with _GNU_SOURCE,
// which the C library headers Swift imports are not built with, hence this C module.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include "CFileWriteback.h"

int chancery_start_writeback(int descriptor, int64_t offset, int64_t count) {
#if defined(__linux__)
    return sync_file_range(descriptor, offset, count, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    (void)offset;
    (void)count;
    return 0;
#endif
}

int chancery_set_direct_io(int descriptor, int enabled) {
#if defined(__linux__)
    int flags = fcntl(descriptor, F_GETFL);
    if (flags == -1) return -1;
    int wanted = enabled ? (flags | O_DIRECT) : (flags & ~O_DIRECT);
    return wanted == flags ? 0 : fcntl(descriptor, F_SETFL, wanted);
#else
    (void)descriptor;
    (void)enabled;
    errno = ENOTSUP;
    return -1;
#endif
}
