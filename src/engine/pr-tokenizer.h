/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PR_TOKENIZER_ERROR (pr_tokenizer_error_quark ())

typedef enum {
  PR_TOKENIZER_ERROR_INVALID_UTF8,
  PR_TOKENIZER_ERROR_ICU,
  PR_TOKENIZER_ERROR_TOO_LONG,
} PrTokenizerError;

/* The longest field the tokenizer takes, in bytes (16 MiB). */
#define PR_TOKENIZER_MAX_LENGTH (16 * 1024 * 1024)

GQuark pr_tokenizer_error_quark (void);

typedef enum {
  PR_TOKENIZER_FLAGS_NONE        = 0,
  /* Map Traditional Chinese characters to Simplified ones before breaking. */
  PR_TOKENIZER_FOLD_TRADITIONAL  = 1 << 0,
  /* Skip NFKC and case folding (Li & Han's plain method, for comparison). */
  PR_TOKENIZER_NO_NORMALIZE      = 1 << 1,
} PrTokenizerFlags;

/* Called once per token with its normalised UTF-8 bytes (not NUL-terminated). */
typedef void (*PrTokenFunc) (const char *token,
                             gsize       length,
                             gpointer    user_data);

/* Called once per token with its normalised UTF-8 bytes (not NUL-terminated)
 * and the byte range [start, end) of the original text it was made from. */
typedef void (*PrTokenRangeFunc) (const char *token,
                                  gsize       length,
                                  gsize       start,
                                  gsize       end,
                                  gpointer    user_data);

/* Called after the last word of each sentence. */
typedef void (*PrSentenceEndFunc) (gpointer user_data);

typedef struct _PrTokenizer PrTokenizer;

PrTokenizer      *pr_tokenizer_new       (PrTokenizerFlags   flags,
                                          GError           **error);
void              pr_tokenizer_free      (PrTokenizer       *tokenizer);
gboolean          pr_tokenizer_tokenize  (PrTokenizer       *tokenizer,
                                          const char        *text,
                                          gssize             length,
                                          PrTokenFunc        func,
                                          gpointer           user_data,
                                          GError           **error);
gboolean          pr_tokenizer_tokenize_sentences
                                         (PrTokenizer       *tokenizer,
                                          const char        *text,
                                          gssize             length,
                                          PrTokenFunc        func,
                                          PrSentenceEndFunc  sentence_end,
                                          gpointer           user_data,
                                          GError           **error);
gboolean          pr_tokenizer_tokenize_with_ranges
                                         (PrTokenizer       *tokenizer,
                                          const char        *text,
                                          gssize             length,
                                          PrTokenRangeFunc   func,
                                          gpointer           user_data,
                                          GError           **error);
gunichar          pr_tokenizer_fold_traditional_char
                                         (gunichar           c);
char             *pr_tokenizer_normalize (PrTokenizer       *tokenizer,
                                          const char        *text,
                                          gssize             length,
                                          gsize             *out_length,
                                          GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrTokenizer, pr_tokenizer_free)

G_END_DECLS
