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
  .bias = -3.1167701738543627,
  .weights = {
    2.5267746402507836,
    6.5608385792352752,
    0.17311125510319672,
    -4.8967869950932084,
    -1.1384846917865985,
    0.70041140572516236,
    0,
    -0.85208344659571467,
    0.68118718942638479,
    0,
    -1.6505137386983324,
    0,
  },
};
