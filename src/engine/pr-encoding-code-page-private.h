/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-encoding-check.h"

G_BEGIN_DECLS

/* The reading that made a value text: Latin-1 (CP1252), else a code
 * page's index + 1 (_pr_encoding_guess_other_code_page ()). */
#define PR_ENCODING_READ_LATIN1 0
/* Marks a code page's reading whose reader dropped the bytes it leaves
 * undefined: no character set's CONVERT () gives the text back. */
#define PR_ENCODING_READ_DROPPED 0x80

gsize           _pr_encoding_question_marks_as_lost (guint8     *bytes,
                                                     gsize       n);
guint8         *_pr_encoding_dropped_as_lost        (const guint8 *bytes,
                                                     gsize         n,
                                                     gsize        *out_n);
guint8         *_pr_encoding_dropped_as_lost_full   (const guint8 *bytes,
                                                     gsize         n,
                                                     guint         whole_per_short,
                                                     gsize        *out_n);
gsize           _pr_encoding_dropped_count          (const char *text,
                                                     gsize       length);
gboolean        _pr_encoding_has_lead_of_three      (const char *bytes,
                                                     gsize       n);
PrEncodingGuess _pr_encoding_guess_other_code_page  (const char *text,
                                                     gsize       length,
                                                     guint8     *reading);
const char     *_pr_encoding_code_page_name         (guint8       reading,
                                                     gboolean     dropped,
                                                     const char **charset);
int             _pr_encoding_latin_byte             (gunichar    c);
PrEncodingGuess _pr_encoding_guess_misdecoded       (const char *text,
                                                     gsize       length,
                                                     guint8     *reading);

/* What tells CP1254 from CP1252 in UTF-8 read so: see
 * _pr_encoding_cp1254_count (). */
typedef struct {
  guint64 continuation;  /* characters CP1252 makes of UTF-8's continuation bytes, or lost */
  guint64 z_caron;       /* Ž and ž: CP1252's 0x8E and 0x9E, which CP1254 lacks */
  guint64 lost;          /* "?" and U+FFFD, and bytes dropped */
  guint64 dropped;       /* bytes dropped: no CONVERT () gives them back */
} PrCp1254Evidence;

void            _pr_encoding_cp1254_count           (const char       *text,
                                                     gsize             length,
                                                     PrCp1254Evidence *evidence);
guint8          _pr_encoding_cp1254_reading         (const PrCp1254Evidence *evidence);

G_END_DECLS
