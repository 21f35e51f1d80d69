/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What every fuzz target shares: a critical or a warning is a broken
 * promise of the API (a g_return_if_fail () hit, say), so it aborts and
 * counts as a crash, as it does under G_DEBUG=fatal-warnings in the tests. */

#include <glib.h>

#include "fuzz-common.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}
