/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-output-file.h"

G_BEGIN_DECLS

/* For tests: with @allowed FALSE, outputs made afterwards take the named
 * hidden temporary file, as on a filesystem that refuses O_TMPFILE, so
 * that its removal on a signal can be tried where O_TMPFILE works. */
void _pr_output_file_allow_unnamed (gboolean allowed);

G_END_DECLS
