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
  .bias = -3.072269326552576,
  .weights = {
    1.9442348470306487,
    7.3126176398401475,
    0.070944640814802548,
    -5.2175251957080375,
    -2.8679671138599634,
    -0.77843424396529881,
    0,
    0.32756866670780971,
    0.48743166423377704,
    0,
    -1.2740687554076229,
    0,
    2.8536243442569793,
    0.57170846876617987,
    -4.2577455868511249,
  },
};

const PrPairModel pr_pair_model_default_body = {
  .bias = -5.498668790287752,
  .weights = {
    1.635205711333912,
    7.6554657359704734,
    -0.40715490233431345,
    -5.1993088190152319,
    -1.8374349285092979,
    0,
    0,
    -0.012615536484315341,
    0.63368104694683547,
    0,
    -0.41486411110754073,
    0,
    3.716341990778063,
    1.625051533662462,
    0,
  },
};
