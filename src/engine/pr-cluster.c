/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Placeholder until the implementation is merged. */
#include "pr-cluster.h"
