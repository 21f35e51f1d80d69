/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-case-rules.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

/* The office's kinds of repeat (docs/petition-rules.md, "A repeat"). */
typedef enum {
  PR_REPEAT_KIND_NONE,         /* not told: no petitioner known for both */
  PR_REPEAT_KIND_REPEAT,       /* 重复件: the same matter from the same person */
  PR_REPEAT_KIND_SAME_MATTER,  /* 同事异人: the same matter from another person */
  PR_REPEAT_KIND_MULTI_SEND,   /* 一信多投: one letter sent to several bodies; no repeat */
  PR_REPEAT_KIND_SAME_PERSON,  /* the same person, category and season, in other words: to judge */
} PrRepeatKind;

/* A pair of records of one person in one category whose texts differ. */
typedef struct {
  guint32 earlier;
  guint32 later;
} PrRecordPair;

PrRepeatKind pr_repeat_kind_of_pair       (const PrRecordSet  *set,
                                           const PrCaseRules  *rules,
                                           guint32             earlier,
                                           guint32             later);
PrDisposition pr_repeat_disposition       (const PrRecordSet  *set,
                                           const PrCaseRules  *rules,
                                           PrRepeatKind        kind,
                                           guint32             earlier,
                                           guint32             later,
                                           gint64             *out_due);
guint32      pr_repeat_earlier_case       (const PrRecordSet  *set,
                                           const PrCaseRules  *rules,
                                           const guint32      *members,
                                           guint               n_members,
                                           guint               m);
GArray      *pr_repeat_kind_same_person   (const PrRecordSet  *set,
                                           const PrCaseRules  *rules,
                                           const guint32      *cluster_of);
const char  *pr_repeat_kind_to_string     (PrRepeatKind        kind);

G_END_DECLS
