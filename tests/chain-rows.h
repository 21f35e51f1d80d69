/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-test-server.h"

/*
 * A chain with one bridge, for the split tests: two matters that share
 * their first two clauses (more than half their words). Three copies of
 * each, each from a different petitioner, are a clique of pairs (the same
 * text); across the two, only 501 and 601, from the same petitioner, share
 * enough (0.57 of their words in shared passages: a match for one
 * petitioner, at 0.5, not for two, at 0.6), and their fingerprints are 15
 * bits apart. So 501–601 is the one bridge of a cluster of six, with three
 * records on each side. The petitioners are account ids: a masked name
 * (甲某) would be no evidence of one petitioner. Dated by chain_day (),
 * 502 is the earliest, the primary: the bridge has neither end on it, so
 * no decision against the primary judges that pair.
 */
#define CHAIN_S1 "本小区东门外的排水管道去年冬天破裂以后一直没有修好，每逢下雨污水就漫到人行道上，"
#define CHAIN_S2 "附近的老人和孩子出门只能绕远路走，环卫工人清理过几次但是很快又积满了脏水，"
#define CHAIN_X CHAIN_S1 CHAIN_S2 \
  "我们多次打市政热线反映，工作人员说已经转给相关部门，可是半年过去仍然没有人来施工，" \
  "恳请市政部门尽快安排维修排水管道。"
#define CHAIN_Y CHAIN_S1 CHAIN_S2 \
  "最近天气转暖以后污水散发出很重的臭味，蚊虫也多了起来，楼下商铺的生意受到很大影响，" \
  "希望城管和卫生部门一起来现场看看。"

static const struct {
  const char *id;
  const char *petitioner;
  const char *body;
} chain_rows[] = {
  { "501", "U501", CHAIN_X }, { "502", "U502", CHAIN_X }, { "503", "U503", CHAIN_X },
  { "601", "U501", CHAIN_Y }, { "602", "U602", CHAIN_Y }, { "603", "U603", CHAIN_Y },
};

/* The day in March of chain_rows[@i]: 502 on the 1st, 501 on the 2nd,
 * the others on the day after their place; with @in_order, each on the
 * day after its place, so that 501, at the bridge, is the primary. */
static inline guint
chain_day (guint    i,
           gboolean in_order)
{
  return in_order ? i + 1 : i == 1 ? 1 : i == 0 ? 2 : i + 1;
}

/* Makes @database with a petitions table of the chain's six rows, dated
 * by chain_day (). */
static inline void
chain_fill_table (PrConnection *root,
                  const char   *database,
                  gboolean      in_order)
{
  g_autofree char *create = g_strdup_printf ("CREATE DATABASE %s", database);
  g_autofree char *table = g_strdup_printf ("CREATE TABLE %s.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                                            "subject VARCHAR(200), submitted_at DATETIME, body TEXT)", database);

  pr_test_execute (root, create);
  pr_test_execute (root, table);
  for (guint i = 0; i < G_N_ELEMENTS (chain_rows); i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO %s.petitions VALUES (%s, '%s', '排水管道问题', "
                                              "'2026-03-0%u 09:00:00', '%s')", database,
                                              chain_rows[i].id, chain_rows[i].petitioner, chain_day (i, in_order),
                                              chain_rows[i].body);

      pr_test_execute (root, sql);
    }
}
