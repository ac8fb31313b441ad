#include "CCRC32C.h"

#include <string.h>

#if defined(__x86_64__)

#include <nmmintrin.h>

int chancery_crc32c_hardware_available(void) {
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

__attribute__((target("sse4.2")))
uint32_t chancery_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *next = bytes;
    uint64_t wide = crc;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, next, sizeof word);
        wide = _mm_crc32_u64(wide, word);
        next += 8;
        count -= 8;
    }
    uint32_t narrow = (uint32_t)wide;
    while (count > 0) {
        narrow = _mm_crc32_u8(narrow, *next);
        next += 1;
        count -= 1;
    }
    return narrow;
}

#elif defined(__aarch64__) && defined(__linux__)

#include <arm_acle.h>
#include <asm/hwcap.h>
#include <sys/auxv.h>

int chancery_crc32c_hardware_available(void) {
    return (getauxval(AT_HWCAP) & HWCAP_CRC32) ? 1 : 0;
}

__attribute__((target("crc")))
uint32_t chancery_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *next = bytes;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, next, sizeof word);
        crc = __crc32cd(crc, word);
        next += 8;
        count -= 8;
    }
    while (count > 0) {
        crc = __crc32cb(crc, *next);
        next += 1;
        count -= 1;
    }
    return crc;
}

#else

int chancery_crc32c_hardware_available(void) {
    return 0;
}

uint32_t chancery_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}

#endif
