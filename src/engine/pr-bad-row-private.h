/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Decoded ideographs a value written in a notation (base64, UTF-7 …)
 * needs before it is refused. */
#define PR_BAD_ROW_MIN_HAN 4

/* The shortest run of a notation's characters looked at: in base64,
 * 12 bytes (four ideographs in UTF-8); in hex, 8 bytes. */
#define PR_BAD_ROW_MIN_TOKEN 16

/* Characters of a value shown in a message, to find it by. */
#define PR_BAD_ROW_SHOWN_CHARS 16

static inline gboolean
_pr_bad_row_is_han (gunichar c)
{
  return g_unichar_get_script (c) == G_UNICODE_SCRIPT_HAN;
}

/* The ideographs of the valid UTF-8 from @p to @end: the count an escaped
 * form's must reach for a value to be refused. */
static inline guint
_pr_bad_row_count_han (const char *p,
                       const char *end)
{
  guint n = 0;

  for (; p < end; p = g_utf8_next_char (p))
    n += _pr_bad_row_is_han (g_utf8_get_char (p));
  return n;
}

/* A run of a notation's characters in a value: from @start to @end,
 * @chars of them (line breaks or spaces inside it not counted). */
typedef struct
{
  const char *start;
  const char *end;
  gsize       chars;
} PrBadRowToken;

PrBadRowToken _pr_bad_row_longest_token (const char *value,
                                         gsize       length,
                                         gboolean  (*is_char) (guchar c),
                                         guint       block,
                                         gboolean    spaces,
                                         gsize      *out_chars);

char     *_pr_bad_row_shown_from    (const char *p,
                                    const char *end);
gboolean  _pr_bad_row_is_text_char  (gunichar    c);
gboolean  _pr_bad_row_mostly_common (const char *text,
                                     gsize       length,
                                     guint64    *han);

guint _pr_bad_row_han_in_bytes (const guint8 *bytes,
                                gsize         length,
                                const char  **encoding);
guint _pr_bad_row_han_in_converted (const char *text,
                                    gsize       length);
guint _pr_bad_row_han_in_chars (const GArray *chars,
                                guint        *non_space);
guint _pr_bad_row_plain_han (const char *value,
                             gsize       length,
                             const char *start,
                             const char *end);
gboolean _pr_bad_row_decoded_dominates (guint       han,
                                        const char *value,
                                        gsize       length,
                                        const char *start,
                                        const char *end);
gsize _pr_bad_row_count_chars (const char *start,
                               const char *end);

char *_pr_bad_row_markup (const char *value,
                          gsize       length);
char *_pr_bad_row_byte_escapes (const char *value,
                                gsize       length);
char *_pr_bad_row_base64 (const char *value,
                          gsize       length);
char *_pr_bad_row_hex (const char *value,
                       gsize       length);
char *_pr_bad_row_base85 (const char *value,
                          gsize       length);
char *_pr_bad_row_uuencode (const char *value,
                            gsize       length);
char *_pr_bad_row_encoded_words (const char *value,
                                 gsize       length);
char *_pr_bad_row_ascii_forms (const char *value,
                               gsize       length);
char *_pr_bad_row_json (const char *value,
                        gsize       length);

G_END_DECLS
