/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-pair-features.h"
#include "pr-pair-model.h"
#include "pr-tokenizer.h"

G_BEGIN_DECLS

/* What the second stage needs of one record, read once however many
 * candidate pairs it is in (pr-pair-profile.c): sorted sets of hashes and
 * numbered words instead of its texts. */
typedef struct _PrPairProfile PrPairProfile;

/* Gives equal words equal numbers across the profiles numbered with it. */
typedef struct _PrPairWords PrPairWords;

PrPairProfile *pr_pair_profile_new      (PrTokenizer          *tokenizer,
                                         const PrPairRecord   *record,
                                         GError              **error);
PrPairProfile *pr_pair_profile_new_with_words (PrTokenizer        *tokenizer,
                                              const PrPairRecord *record,
                                              const guint64      *words,
                                              gsize               n_words,
                                              GError            **error);
void           pr_pair_profile_number   (PrPairProfile        *profile,
                                         PrPairWords          *words);
void           pr_pair_profile_sort_words (PrPairProfile      *profile);
gsize          pr_pair_profile_size     (const PrPairProfile  *profile);
void           pr_pair_profile_free     (PrPairProfile        *profile);
gboolean       pr_pair_profile_compare  (const PrPairProfile  *a,
                                         const PrPairProfile  *b,
                                         double               *features,
                                         GError              **error);

gboolean       pr_pair_profile_compare_as (const PrPairProfile *a,
                                           const PrPairProfile *b,
                                           const double        *bodies_as,
                                           double              *features,
                                           GError             **error);
gboolean       pr_pair_profile_compare_but_diff (const PrPairProfile *a,
                                                 const PrPairProfile *b,
                                                 const double        *bodies_as,
                                                 double              *features);
gboolean       pr_pair_profile_add_diff (const PrPairProfile  *a,
                                         const PrPairProfile  *b,
                                         double               *features,
                                         GError              **error);
double         pr_pair_profile_diff_bound (const PrPairProfile *a,
                                           const PrPairProfile *b,
                                           const PrPairModel   *model,
                                           const double        *features);
guint64        pr_pair_profile_get_body_hash (const PrPairProfile *profile);
PrPairWords   *pr_pair_words_new        (void);
void           pr_pair_words_free       (PrPairWords          *words);

/* For pr-pair-features.c: the sorted distinct 3-grams of a normalised
 * text, and how many two sorted sets share. */
GArray        *_pr_pair_grams_of        (const char           *text);
guint          _pr_pair_count_shared    (const guint64        *a,
                                         gsize                 n_a,
                                         const guint64        *b,
                                         gsize                 n_b);
double         _pr_pair_subject_elsewhere (const guint64      *subject_a,
                                           gsize               n_subject_a,
                                           const guint64      *body_a,
                                           gsize               n_body_a,
                                           const guint64      *subject_b,
                                           gsize               n_subject_b,
                                           const guint64      *body_b,
                                           gsize               n_body_b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrPairProfile, pr_pair_profile_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrPairWords, pr_pair_words_free)

G_END_DECLS
