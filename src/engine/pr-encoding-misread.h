/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What one value's characters were before a wrong reading made them.
 * When no one reading gives them back clearly, every field but
 * @recovered is NULL: the value is misread, its encoding not known. */
typedef struct {
  const char *source;    /* the encoding its bytes were in: "GBK", "Big5" */
  const char *reading;   /* the encoding they were read as: "EUC-KR", "KOI8-R" … */
  char       *recovered; /* the value read as @source */
  const char *charset;   /* MariaDB's character set of @reading, when the reading lost
                          * no byte, so that CONVERT () undoes it; else NULL */
  const char *source_charset; /* MariaDB's character set of @source: "gbk", "utf8mb4" */
} PrEncodingMisread;

gboolean pr_encoding_misread_find  (const char        *text,
                                    gsize              length,
                                    PrEncodingMisread *misread);
void     pr_encoding_misread_clear (PrEncodingMisread *misread);

G_END_DECLS
