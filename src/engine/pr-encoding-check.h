/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  PR_ENCODING_GUESS_NONE,     /* nothing against the reading: ASCII, Chinese, Latin-1 words */
  PR_ENCODING_GUESS_UTF8,     /* bytes that are UTF-8 text */
  PR_ENCODING_GUESS_GB18030,  /* bytes that are GBK/GB18030 Chinese text */
  PR_ENCODING_GUESS_C1,       /* C1 control characters: read with the wrong encoding */
  PR_ENCODING_GUESS_BIG5,     /* bytes that are Big5 (Traditional) Chinese text */
  PR_ENCODING_GUESS_RARE_HAN, /* mostly rare ideographs: Chinese text read in another Chinese encoding */
} PrEncodingGuess;

typedef struct _PrEncodingCheck PrEncodingCheck;

/* What the check learnt of one value on the way, so that the bad-row
 * check need not read it again. */
typedef enum {
  PR_ENCODING_VALUE_UNKNOWN,       /* not known valid UTF-8 (invalid, a NUL, or not checked) */
  PR_ENCODING_VALUE_UTF8,          /* valid UTF-8 with no NUL, its ideographs not counted */
  PR_ENCODING_VALUE_READ_RIGHT,    /* valid UTF-8 with no NUL, not LOOKS_MISREAD */
  PR_ENCODING_VALUE_LOOKS_MISREAD, /* valid UTF-8 with no NUL, and pr_encoding_text_looks_misread () is TRUE,
                                    * or a few rare or foreign letters are most of its ideographs and letters */
} PrEncodingValue;

PrEncodingGuess  pr_encoding_guess_bytes       (const char       *bytes,
                                                gsize             length);
PrEncodingGuess  pr_encoding_guess_misdecoded  (const char       *text,
                                                gsize             length);
PrEncodingGuess  pr_encoding_guess_reading     (const char       *text,
                                                gsize             length,
                                                const char      **reading,
                                                const char      **charset);
const char      *pr_encoding_guess_to_string   (PrEncodingGuess   guess);
char            *pr_encoding_text_read_back    (const char       *text,
                                                gsize             length,
                                                PrEncodingGuess   guess);
gboolean         pr_encoding_bytes_look_utf8   (const char       *bytes,
                                                gsize             length);
char            *pr_encoding_text_looks_utf8_misread (const char *text,
                                                      gsize       length,
                                                      const char *encoding);
char            *pr_encoding_iconv_name        (const char       *encoding,
                                                gboolean         *needed);

PrEncodingCheck *pr_encoding_check_new         (void);
void             pr_encoding_check_free        (PrEncodingCheck  *check);
PrEncodingGuess  pr_encoding_check_add         (PrEncodingCheck  *check,
                                                const char       *value,
                                                gsize             length,
                                                guint64           position);
PrEncodingGuess  pr_encoding_check_verdict     (const PrEncodingCheck *check,
                                                guint64          *first_position,
                                                guint64          *count);

/* Whether a verdict's values were bytes that are no UTF-8. */
typedef enum {
  PR_ENCODING_NOT_RAW,
  PR_ENCODING_RAW,        /* the column (file) is in that encoding */
  PR_ENCODING_RAW_MIXED,  /* so are too many to be bad rows, beside values of UTF-8 text: two encodings */
} PrEncodingRaw;

void             pr_encoding_check_set_csv_error (GError          **error,
                                                  const char       *path,
                                                  const char       *name,
                                                  const char       *encoding,
                                                  PrEncodingGuess   guess,
                                                  guint64           first,
                                                  guint64           count,
                                                  PrEncodingRaw     raw,
                                                  const char       *reading);
const char      *pr_encoding_check_get_reading (const PrEncodingCheck *check,
                                                PrEncodingGuess   guess,
                                                const char      **charset);
PrEncodingGuess  pr_encoding_check_add_utf8    (PrEncodingCheck  *check,
                                                const char       *value,
                                                gsize             length,
                                                guint64           position,
                                                gboolean         *utf8);
PrEncodingGuess  pr_encoding_check_add_value   (PrEncodingCheck  *check,
                                                const char       *value,
                                                gsize             length,
                                                guint64           position,
                                                PrEncodingValue  *read);
PrEncodingGuess  pr_encoding_check_add_full    (PrEncodingCheck  *check,
                                                const char       *value,
                                                gsize             length,
                                                guint64           position);
gboolean         pr_encoding_check_equal       (const PrEncodingCheck *a,
                                                const PrEncodingCheck *b);
void             pr_encoding_count_han         (const char *text,
                                                gsize       length,
                                                guint64    *han,
                                                guint64    *common);
void             pr_encoding_count_han_plain   (const char *text,
                                                gsize       length,
                                                guint64    *han,
                                                guint64    *common);
gboolean         pr_encoding_icu_reads_cp936   (const char *encoding);
gboolean         pr_encoding_iconv_reads_cp936 (const char *encoding);
gssize           pr_encoding_find_lone_euro_byte (const char *bytes,
                                                  gsize       length);
gssize           pr_encoding_find_stray_character (const char *text,
                                                   gsize       length,
                                                   guint8     *out_byte);
gboolean         pr_encoding_text_looks_misread (const char *text,
                                                 gsize       length);
PrEncodingRaw    pr_encoding_check_is_raw      (const PrEncodingCheck *check,
                                                PrEncodingGuess   guess);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrEncodingCheck, pr_encoding_check_free)

G_END_DECLS
