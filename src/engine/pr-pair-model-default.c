/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The shipped weights of the second stage, in the order of PrPairFeature:
 * one set learned with the subject mapped as a text of its own, one with
 * the body alone. Numbers only: learned by build-aux/learn-weights from
 * the team's labelled petitions, which are not shipped; run it again to
 * remake this file.
 */
#define G_LOG_DOMAIN "pr-pair-model"

#include "config.h"

#include "pr-pair-model.h"

const PrPairModel pr_pair_model_default = {
  .bias = -3.0890639807251468,
  .weights = {
    1.1297279224997787,
    7.4862464221541609,
    0.31808030484475935,
    -6.0153576128499839,
    -2.6907689356220197,
    -0.62166425865466912,
    0,
    0.48483022325589159,
    0.54476597083207556,
    0,
    -0.97032507004112301,
    0,
    2.8717549161982361,
    1.0358509640381131,
    -3.8104800297314925,
  },
};

const PrPairModel pr_pair_model_default_body = {
  .bias = -5.5983182163492922,
  .weights = {
    1.6239085690475716,
    7.9525137911408734,
    -0.55322362392188107,
    -6.0567633372617466,
    -1.5856196077079574,
    0,
    0,
    0.025823022378895152,
    0.58788678950844098,
    0,
    -0.21165357449625449,
    0,
    3.5862633867161993,
    1.6928148632010402,
    0,
  },
};
