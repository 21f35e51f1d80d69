/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-encoding-check.h"
#include "pr-mapping.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

/* The most bytes one value of a row may hold: a petition's text is some
 * kilobytes, a long one with pasted attachments some megabytes; a value
 * past 16 MiB (the server's default max_allowed_packet) is an image or a
 * file in a text column. */
#define PR_BAD_ROW_MAX_VALUE_BYTES ((gsize) 16 << 20)

int pr_bad_row_check (const PrMapping   *mapping,
                      const char *const *values,
                      const gsize       *lengths,
                      PrAdvice           advice,
                      char             **reason);

int pr_bad_row_check_known (const PrMapping   *mapping,
                            const char *const *values,
                            const gsize       *lengths,
                            const PrEncodingValue *known,
                            PrAdvice           advice,
                            char             **reason);

int pr_bad_row_find_marked (const char *const *values,
                            const gsize       *lengths,
                            guint              n_values,
                            const char        *encoding,
                            char             **reason);
char *pr_bad_row_other_encoding (const char      *value,
                                 gsize            length,
                                 PrEncodingGuess  guess,
                                 const char      *advice);
char *pr_bad_row_show_id  (const char *id);
gboolean pr_bad_row_utf8_check_encoding (const char  *encoding,
                                         gboolean     forced,
                                         char       **iconv_encoding,
                                         GError     **error);
char *pr_bad_row_utf8_misread (const char *value,
                               gsize       length,
                               const char *encoding,
                               const char *iconv_encoding,
                               gboolean    skippable);
void  pr_bad_row_set_utf8_misread (GError    **error,
                                   guint64     line,
                                   const char *column,
                                   const char *reason);
void  pr_bad_row_set_refusal (GError    **error,
                              const char *what,
                              PrAdvice    advice,
                              gboolean    skippable);
char *pr_bad_row_describe (const char *id,
                           const char *position_name,
                           guint64     position,
                           const char *column,
                           const char *reason);

G_END_DECLS
