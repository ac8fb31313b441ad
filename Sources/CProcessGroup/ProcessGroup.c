// pidfd_open has no wrapper in older C libraries and none of them is declared to Swift, hence
// this C module; the members of a group are found in /proc.
#define _GNU_SOURCE
#include "CProcessGroup.h"

#include <errno.h>

#if defined(__linux__)

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// The most members watched at once; a larger group is watched in rounds.
enum { watched_limit = 64 };

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// Whether the process whose /proc entry is `name` is a live member of `group`: its stat line
/// is `pid (comm) state ppid pgrp …`, where comm may hold spaces and parentheses.
static int is_live_member(const char *name, pid_t group) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%s/stat", name);
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return 0;
    char line[512];
    ssize_t length = read(descriptor, line, sizeof line - 1);
    close(descriptor);
    if (length <= 0) return 0;
    line[length] = '\0';
    char *end_of_name = strrchr(line, ')');
    if (end_of_name == NULL) return 0;
    char state = 0;
    long parent = 0, member_group = 0;
    if (sscanf(end_of_name + 1, " %c %ld %ld", &state, &parent, &member_group) != 3) return 0;
    return member_group == (long)group && state != 'Z' && state != 'X';
}

/// Opens a pidfd for each live member of `group`, at most `watched_limit`, into `descriptors`.
/// Returns how many, or -1 with errno set; `*more` tells whether members were left out.
static int watch_members(pid_t group, int *descriptors, int *more) {
    DIR *processes = opendir("/proc");
    if (processes == NULL) return -1;
    int count = 0;
    *more = 0;
    struct dirent *entry;
    while ((entry = readdir(processes)) != NULL) {
        const char *name = entry->d_name;
        if (name[0] < '1' || name[0] > '9' || strspn(name, "0123456789") != strlen(name)) continue;
        if (!is_live_member(name, group)) continue;
        if (count == watched_limit) {
            *more = 1;
            break;
        }
        int descriptor = (int)syscall(SYS_pidfd_open, (pid_t)atol(name), 0);
        if (descriptor >= 0) {
            descriptors[count++] = descriptor;
        } else if (errno != ESRCH) {
            int failure = errno;
            for (int index = 0; index < count; index++) close(descriptors[index]);
            closedir(processes);
            errno = failure;
            return -1;
        }
    }
    closedir(processes);
    return count;
}

int chancery_wait_for_process_group_exit(pid_t group, int timeout_ms) {
    long long deadline = now_ms() + timeout_ms;
    int descriptors[watched_limit];
    struct pollfd polls[watched_limit];
    for (;;) {
        int more = 0;
        int count = watch_members(group, descriptors, &more);
        if (count < 0) return -1;
        if (count == 0 && !more) return 0;
        // A pidfd becomes readable when its process ends: wait until every one has.
        int ended = 0;
        for (int index = 0; index < count; index++) polls[index] = (struct pollfd){.fd = descriptors[index], .events = POLLIN};
        while (ended < count) {
            long long left = deadline - now_ms();
            int ready = left > 0 ? poll(polls, (nfds_t)count, (int)left) : 0;
            if (ready < 0 && errno == EINTR) continue;
            if (ready <= 0) {
                int failure = ready < 0 ? errno : 0;
                for (int index = 0; index < count; index++) close(descriptors[index]);
                if (ready < 0) {
                    errno = failure;
                    return -1;
                }
                return 1;
            }
            for (int index = 0; index < count; index++) {
                if (polls[index].fd >= 0 && polls[index].revents != 0) {
                    polls[index].fd = -1;
                    ended += 1;
                }
            }
        }
        for (int index = 0; index < count; index++) close(descriptors[index]);
        // Look again: members beyond the limit, or started while the others were watched.
    }
}

#else

int chancery_wait_for_process_group_exit(pid_t group, int timeout_ms) {
    (void)group;
    (void)timeout_ms;
    errno = ENOSYS;
    return -1;
}

#endif
