/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a subject names, told by both bodies: a reviewer reads the subject
 * for the matter (the street, the school, the estate) and looks for it in
 * the other message. The same form letter about another place shares
 * nearly all its text, but the place its subject names is in its own body
 * only; a rewritten repeat shares less text, but the place is in both.
 * Only the part of a subject its own body tells counts, so a subject
 * written in other words than its body weighs neither way.
 */
#define G_LOG_DOMAIN "pr-pair-subject"

#include "config.h"

#include "pr-pair-profile.h"

static gboolean
holds (const guint64 *set,
       gsize          n,
       guint64        gram)
{
  gsize low = 0, high = n;

  while (low < high)
    {
      gsize middle = low + (high - low) / 2;

      if (set[middle] < gram)
        low = middle + 1;
      else
        high = middle;
    }
  return low < n && set[low] == gram;
}

/* Counts @subject's grams in @own (into @told) and of those, in @other
 * (into @shared). */
static void
count_told (const guint64 *subject,
            gsize          n_subject,
            const guint64 *own,
            gsize          n_own,
            const guint64 *other,
            gsize          n_other,
            guint         *told,
            guint         *shared)
{
  for (gsize i = 0; i < n_subject; i++)
    if (holds (own, n_own, subject[i]))
      {
        (*told)++;
        *shared += holds (other, n_other, subject[i]);
      }
}

/**
 * _pr_pair_subject_elsewhere:
 *
 * All four are sorted distinct 3-gram sets.
 *
 * Returns: of the subjects' 3-grams their own bodies hold, both subjects
 *   pooled, the share the other body lacks; 0 when no subject gram is in
 *   its own body. Without evidence the feature is 0, as it is without a
 *   subject, so weights learned with subjects judge bodies alone too.
 */
double
_pr_pair_subject_elsewhere (const guint64 *subject_a,
                            gsize          n_subject_a,
                            const guint64 *body_a,
                            gsize          n_body_a,
                            const guint64 *subject_b,
                            gsize          n_subject_b,
                            const guint64 *body_b,
                            gsize          n_body_b)
{
  guint told = 0, shared = 0;

  count_told (subject_a, n_subject_a, body_a, n_body_a, body_b, n_body_b, &told, &shared);
  count_told (subject_b, n_subject_b, body_b, n_body_b, body_a, n_body_a, &told, &shared);
  return told > 0 ? 1 - (double) shared / told : 0;
}
