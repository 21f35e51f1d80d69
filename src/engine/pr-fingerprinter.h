/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-idf.h"
#include "pr-mapping.h"
#include "pr-parts.h"
#include "pr-tokenizer.h"

G_BEGIN_DECLS

/* A record whose text fields give fewer words than this is too thin to be
 * matched on its fingerprint alone ("同上", "请处理"). */
#define PR_DEFAULT_MIN_TOKENS 3

typedef struct {
  guint64  fingerprint;
  guint    n_tokens;    /* words from the text fields, with repeats */
  guint    n_features;  /* short values plus words, with repeats */
  gboolean sparse;      /* too few features: kept out of fingerprint clustering */
  PrPart  *parts;       /* (owned) (nullable): the text's parts, if asked for */
  guint    n_parts;
  PrFeature *features;  /* (owned) (nullable): its distinct features, if asked for (for IDF) */
  guint    n_distinct;
  /* (owned) (nullable), if asked for: the hashes of the text columns'
   * words in order, column after column, and how many each text column
   * gave (in mapping order), for the second stage */
  guint64 *words;
  guint32 *column_words;
} PrFingerprint;

typedef struct _PrFingerprinter PrFingerprinter;

/* Called for each feature as it goes into a fingerprint: the mapping column
 * it comes from, the bytes hashed (a word, or "COLUMN 0x1F VALUE" for a
 * short field; not NUL-terminated) and the weight it adds. */
typedef void (*PrFeatureFunc) (guint        column,
                               const char  *feature,
                               gsize        length,
                               double       weight,
                               gpointer     user_data);

PrFingerprinter *pr_fingerprinter_new     (const PrMapping    *mapping,
                                           PrTokenizerFlags    flags,
                                           guint               min_tokens,
                                           GError            **error);
void             pr_fingerprinter_free    (PrFingerprinter    *fingerprinter);
void             pr_fingerprinter_set_parts (PrFingerprinter  *fingerprinter,
                                           gboolean            parts);
void             pr_fingerprinter_set_part_method (PrFingerprinter *fingerprinter,
                                           const PrPartMethod *method);
void             pr_fingerprinter_set_keep_words (PrFingerprinter *fingerprinter,
                                           gboolean            keep);
void             pr_fingerprinter_set_keep_features (PrFingerprinter *fingerprinter,
                                           gboolean            keep);
void             pr_fingerprinter_set_feature_func (PrFingerprinter *fingerprinter,
                                           PrFeatureFunc       func,
                                           gpointer            user_data);
gboolean         pr_fingerprinter_compute (PrFingerprinter    *fingerprinter,
                                           const char *const  *values,
                                           const gsize        *lengths,
                                           PrFingerprint      *result,
                                           GError            **error);

char            *pr_fingerprint_describe  (const PrMapping    *mapping,
                                           PrTokenizerFlags    flags,
                                           guint               min_tokens,
                                           const PrPartMethod *parts);
guint64          pr_fingerprint_version   (const PrMapping    *mapping,
                                           PrTokenizerFlags    flags,
                                           guint               min_tokens,
                                           const PrPartMethod *parts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrFingerprinter, pr_fingerprinter_free)

G_END_DECLS
