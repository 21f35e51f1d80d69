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
  .bias = -3.1295512078303145,
  .weights = {
    1.4116899951990942,
    7.7220776076366713,
    0.022914379550086947,
    -5.982662527043539,
    -2.7172500207039589,
    -0.6876316742411942,
    0,
    0.4573505638201914,
    0.57528832018784803,
    0,
    -0.86036313579820423,
    0,
    2.893402936441686,
    0.96228351667472733,
    -3.9443276576319928,
  },
};

const PrPairModel pr_pair_model_default_body = {
  .bias = -5.612107809695261,
  .weights = {
    1.8121625766114677,
    8.1638998287882849,
    -0.85823290309159606,
    -5.9063820519273822,
    -1.5755323596030493,
    0,
    0,
    -0.10953676517128644,
    0.64186766693536568,
    0,
    -0.18435553043501743,
    0,
    3.6665099360432891,
    1.6717338191206612,
    0,
  },
};
