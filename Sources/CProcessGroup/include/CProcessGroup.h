#ifndef C_PROCESS_GROUP_H
#define C_PROCESS_GROUP_H

#include <sys/types.h>

/// Waits until every process of process group `group` has ended (exited or been killed; a
/// zombie waiting to be reaped counts as ended), at most `timeout_ms` milliseconds, without
/// polling: it watches each member through a pidfd (Linux 5.3 and later).
///
/// Returns 0 once no member is alive, 1 when the time ran out first, and -1 with errno set
/// when the members cannot be watched (no /proc, no pidfd_open). Where there are no pidfds
/// (other systems) it returns -1 with errno ENOSYS at once.
int chancery_wait_for_process_group_exit(pid_t group, int timeout_ms);

#endif
