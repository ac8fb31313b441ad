// sync_file_range is a GNU extension: declared by <fcntl.h> only with _GNU_SOURCE, which the C
// library headers Swift imports are not built with, hence this one-function C module.
#define _GNU_SOURCE
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
