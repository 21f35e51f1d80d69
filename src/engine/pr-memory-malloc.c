/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The programs' malloc (), calloc (), realloc () and the aligned
 * allocators (aligned_alloc (), posix_memalign (), memalign ()): glibc's, but
 * a failure stops the work with a message naming memory and the way out
 * (pr_memory_stop_now ()) where it happens: the command line tool ends,
 * the window says so (pr-memory-window.c). The libraries the program
 * uses do not all survive a null pointer: GLib's own "failed to allocate"
 * error needs memory to be formatted and recurses until the stack
 * overflows, ICU's word break iterator and PCRE2's JIT dereference it.
 * Allocations whose failure the program handles (PR_MEMORY_TRY ()) still
 * get the null pointer. Once the window has stopped the work, the
 * allocations of every thread but its own wait (pr_memory_park_if_stopped
 * ()): the memory left is for the message. Linked into the programs only (petition-review-cli,
 * petition-review), never a library: a library's user keeps glibc's. Not
 * under a sanitizer with its own malloc () (src/engine/meson.build).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "pr-memory-stop.h"

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)

extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *memory, size_t size);
extern void *__libc_memalign (size_t alignment, size_t size);

static inline void *
checked (void   *memory,
         size_t  size)
{
  if (G_UNLIKELY (memory == NULL) && size > 0 && !pr_memory_failure_tolerated ())
    pr_memory_stop_now (size);
  return memory;
}

void *
malloc (size_t size)
{
  pr_memory_park_if_stopped ();
  return checked (__libc_malloc (size), size);
}

void *
calloc (size_t n,
        size_t size)
{
  size_t total;

  pr_memory_park_if_stopped ();
  /* More than size_t holds: no memory could meet it, and glibc refuses
   * it as such (NULL, ENOMEM); the caller's to handle, not memory run
   * out, nor a wrapped-around size to name. */
  if (__builtin_mul_overflow (n, size, &total))
    return __libc_calloc (n, size);
  return checked (__libc_calloc (n, size), total);
}

void *
realloc (void   *memory,
         size_t  size)
{
  pr_memory_park_if_stopped ();
  return checked (__libc_realloc (memory, size), size);
}

void *
aligned_alloc (size_t alignment,
               size_t size)
{
  pr_memory_park_if_stopped ();
  return checked (__libc_memalign (alignment, size), size);
}

void *
memalign (size_t alignment,
          size_t size)
{
  pr_memory_park_if_stopped ();
  return checked (__libc_memalign (alignment, size), size);
}

int
posix_memalign (void   **memory,
                size_t   alignment,
                size_t   size)
{
  void *aligned;

  /* As glibc's: a power of two, a multiple of sizeof (void *). */
  if (alignment % sizeof (void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0)
    return EINVAL;
  pr_memory_park_if_stopped ();
  aligned = checked (__libc_memalign (alignment, size), size);
  if (aligned == NULL && size > 0)
    return ENOMEM;
  *memory = aligned;
  return 0;
}

#endif
