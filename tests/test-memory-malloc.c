/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The programs' own allocator (pr-memory-malloc.c), linked in here as in
 * the programs: a request no allocator can meet because its size does
 * not fit in size_t (calloc (n, size) with n × size past SIZE_MAX) is the
 * caller's to refuse, as glibc does, with NULL and ENOMEM, not memory
 * running out: the program must not stop with a message naming a
 * wrapped-around number of bytes and the address space limit. Oracle:
 * the C standard's calloc contract, checked in a child so that a stop
 * (exit status 1) is seen.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include <glib.h>

static void
test_calloc_overflow (void)
{
#ifndef PR_MEMORY_MALLOC_LINKED
  g_test_skip ("the programs' allocator is left out of a sanitizer's build");
  return;
#endif
  if (g_test_subprocess ())
    {
      /* Volatile: the compiler may not fold the call away. */
      volatile size_t n = SIZE_MAX / 3, size = 4;
      void *memory;

      errno = 0;
      memory = calloc (n, size);
      g_assert_null (memory);
      g_assert_cmpint (errno, ==, ENOMEM);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr_unmatched ("*not enough memory*");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/memory-malloc/calloc-overflow", test_calloc_overflow);
  return g_test_run ();
}
