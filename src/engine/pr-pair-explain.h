/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-pair-features.h"
#include "pr-pair-model.h"

G_BEGIN_DECLS

/* One step of the second stage's waterfall: what one feature adds to the
 * score (the logit) or takes from it. */
typedef struct {
  PrPairFeature feature;
  double        value;   /* the feature's value */
  double        part;    /* weight × value */
  double        logit;   /* the score after it */
} PrPairPart;

char  *pr_pair_feature_describe (PrPairFeature      feature,
                                 double             value);
guint  pr_pair_explain          (const PrPairModel *model,
                                 const double      *features,
                                 PrPairPart        *parts);
double pr_pair_logit_probability (double           logit);

G_END_DECLS
