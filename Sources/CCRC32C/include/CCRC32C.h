#ifndef C_CRC32C_H
#define C_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the CRC-32C instruction: SSE 4.2 on x86-64, the CRC32
/// extension on AArch64. Returns 1 or 0.
int chancery_crc32c_hardware_available(void);

/// `crc` (the running value, neither inverted before nor after) updated with the `count`
/// bytes at `bytes`, by the processor's CRC-32C instruction. Call it only when
/// `chancery_crc32c_hardware_available()` returns 1.
uint32_t chancery_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count);

#endif
