/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The shipped weights of the second stage, in the order of PrPairFeature.
 * Numbers only: learned by build-aux/learn-weights from the team's
 * labelled petitions, which are not shipped; run it again to remake this
 * file.
 */
#define G_LOG_DOMAIN "pr-pair-model"

#include "config.h"

#include "pr-pair-model.h"

const PrPairModel pr_pair_model_default = {
  .bias = -4.325284744317007,
  .weights = {
    1.6619628917777933,
    6.8847054959492038,
    -0.7135154918974761,
    -5.6176314606612863,
    -2.3075133024158343,
    0.19982496621923029,
    0,
    -0.025569995001125924,
    0.64816831157130594,
    0,
    -1.7410403769951719,
    0,
    3.5807379003784354,
    1.7755174168544117,
  },
};
