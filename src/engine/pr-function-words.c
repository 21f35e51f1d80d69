/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Chinese function words (虚词) and the commonest words of no subject:
 * particles, pronouns, prepositions, conjunctions, auxiliaries and a few
 * adverbs. Every petition has them, so "they share 的 and 不" says nothing
 * about why two records match: the explanation leaves them out of its
 * word lists. They still count in the fingerprints (pr-fingerprinter.c is
 * not changed by this list); only what a reviewer is shown.
 *
 * The words are in the tokenizer's normal form (Simplified, as
 * PR_TOKENIZER_FOLD_TRADITIONAL folds to), which is what a feature holds.
 */
#define G_LOG_DOMAIN "pr-function-words"

#include "config.h"

#include <string.h>

#include "pr-function-words.h"

static const char *const function_words[] = {
  /* Particles and auxiliaries */
  "的", "地", "得", "了", "着", "过", "吗", "呢", "吧", "啊", "呀", "嘛", "么", "之", "所",
  /* Negation and degree: on every side of every matter */
  "不", "没", "没有", "别", "很", "太", "更", "最", "好", "也", "都", "就", "才", "又", "还",
  "再", "已", "已经", "曾", "正", "在", "将", "要", "会", "能", "可", "可以", "应", "应该",
  /* Pronouns and determiners */
  "我", "我们", "你", "你们", "您", "他", "他们", "她", "她们", "它", "它们", "自己", "这",
  "这个", "这些", "这样", "那", "那个", "那些", "那样", "其", "此", "该", "某", "各", "每",
  "什么", "怎么", "怎样", "哪", "谁", "个", "些",
  /* Prepositions */
  "把", "被", "对", "对于", "从", "向", "给", "跟", "和", "与", "及", "以及", "为", "为了",
  "以", "于", "由", "按", "按照", "关于", "至", "到", "让", "叫",
  /* Conjunctions */
  "而", "而且", "并", "并且", "或", "或者", "但", "但是", "可是", "因为", "所以", "因此",
  "如果", "虽然", "即使", "然后", "还是", "等",
  /* Copula and the emptiest verbs */
  "是", "有", "说",
};

/* Returns: whether @word (@length bytes, normalised) is a function word */
gboolean
pr_is_function_word (const char *word,
                     gsize       length)
{
  for (guint i = 0; i < G_N_ELEMENTS (function_words); i++)
    if (strlen (function_words[i]) == length && memcmp (function_words[i], word, length) == 0)
      return TRUE;
  return FALSE;
}
