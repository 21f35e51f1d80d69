/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-encoding-check.h"

G_BEGIN_DECLS

/* The reading that made a value text: Latin-1 (CP1252), else a code
 * page's index + 1 (_pr_encoding_guess_other_code_page ()). */
#define PR_ENCODING_READ_LATIN1 0

gsize           _pr_encoding_question_marks_as_lost (guint8     *bytes,
                                                     gsize       n);
gboolean        _pr_encoding_has_lead_of_three      (const char *bytes,
                                                     gsize       n);
PrEncodingGuess _pr_encoding_guess_other_code_page  (const char *text,
                                                     gsize       length,
                                                     guint8     *reading);
const char     *_pr_encoding_code_page_name         (guint8       reading,
                                                     const char **charset);

G_END_DECLS
