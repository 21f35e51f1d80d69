/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-mapping.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

/* A candidate source for short texts reworded (pr-short-pairs.c): two
 * bodies of min_chars to max_chars characters are a candidate when the
 * character 3-grams they share, counting only those found in at most
 * max_records of those bodies, are at least min_containment of the
 * smaller body's 3-grams. Short letters reworded share too few runs of
 * words to share a passage. Chosen by cross-validation on the labelled
 * petitions (docs/evaluation.md). */
typedef struct {
  guint  min_chars;
  guint  max_chars;
  /* A 3-gram in more bodies than this is template text ("请领导重视",
   * a form letter's sentences): it neither makes nor counts towards a
   * candidate, and it bounds every posting list the search walks. */
  guint  max_records;
  double min_containment;
} PrShortPairOptions;

#define PR_SHORT_PAIR_MIN_CHARS 20
#define PR_SHORT_PAIR_MAX_CHARS 250
#define PR_SHORT_PAIR_MAX_RECORDS 30
#define PR_SHORT_PAIR_MIN_CONTAINMENT 0.5
/* Characters a 3-gram spans (pr_short_pairs_body_grams ()). */
#define PR_SHORT_PAIR_GRAM_CHARS 3
/* The version of how a body gives its 3-grams: which text is read (the
 * mapped texts joined as pr_pair_record_from_texts () joins them, not
 * normalised but for white space, read by pr-text-space.c's rule) and how
 * three characters are packed. Raise it when either changes, so that an
 * index kept by the store before is not read by a rule it was not made
 * by (pr-store-short-texts.c). */
#define PR_SHORT_PAIR_RULES_VERSION 2

typedef struct _PrShortPairs PrShortPairs;

/* @a < @b, as given to pr_short_pairs_add (). */
typedef void (*PrShortPairFunc) (guint32  a,
                                 guint32  b,
                                 double   containment,
                                 gpointer user_data);

void          pr_short_pair_options_default (PrShortPairOptions *options);
PrShortPairs *pr_short_pairs_new   (const PrShortPairOptions *options);
void          pr_short_pairs_free  (PrShortPairs             *self);
gboolean      pr_short_pairs_count (PrShortPairs             *self,
                                    const char               *body,
                                    gssize                    length);
gboolean      pr_short_pairs_add   (PrShortPairs             *self,
                                    guint32                   id,
                                    const char               *body,
                                    gssize                    length);
void          pr_short_pairs_set_n_threads (PrShortPairs     *self,
                                            guint             n_threads);
void          pr_short_pairs_foreach (PrShortPairs           *self,
                                      PrShortPairFunc         func,
                                      gpointer                user_data);
/* A short body's distinct 3-grams held by at most max_records of the
 * short bodies, ascending, and @n_distinct, its count of distinct
 * 3-grams (pr_short_pairs_body_grams () gives them all). */
typedef void (*PrShortBodyFunc) (guint32        index,
                                 const guint64 *grams,
                                 guint          n_grams,
                                 guint          n_distinct,
                                 gpointer       user_data);

gboolean      pr_short_pairs_find_in_set (const PrMapping          *mapping,
                                          const PrRecordSet        *set,
                                          const PrShortPairOptions *options,
                                          guint                     n_threads,
                                          PrShortPairFunc           func,
                                          PrShortBodyFunc           body_func,
                                          gpointer                  user_data,
                                          GCancellable             *cancellable,
                                          GError                  **error);

gboolean      pr_short_pairs_body_grams (const PrShortPairOptions *options,
                                         const char               *body,
                                         gssize                    length,
                                         GArray                   *grams);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrShortPairs, pr_short_pairs_free)

G_END_DECLS
