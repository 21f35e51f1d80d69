/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * A table for finding work in the list (filters, search, dates, risk):
 * four cases whose petitioners, dates and links differ.
 *   C  501–503, 601–603 (chain-rows.h): one bridge, away from the
 *      primary (502); every other record from another petitioner than
 *      the primary's; dated 2026-03-01 … 06
 *   G1 101–103, one petitioner (张三): repeats by the same; 2026-01-10 …
 *   G2 201–203, three petitioners (203 is 欧阳修远, in no subject or
 *      body): the same matter from others; 2026-02-10 …
 *   G3 301–303, one petitioner (钱七); its body alone says 刺鼻气体;
 *      2026-04-10 …
 * and a record that repeats nothing (900).
 */
#include "chain-rows.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"

static const char *const finding_subjects[3] = { "电梯问题", "交通问题", "环境问题" };
static const char *const finding_petitioners[3][3] = {
  { "张三", "张三", "张三" }, { "李四", "王五", "欧阳修远" }, { "钱七", "钱七", "钱七" },
};

static void
finding_fill_table (PrConnection *root,
                    const char   *database)
{
  chain_fill_table (root, database, FALSE);
  for (guint g = 0; g < 3; g++)
    for (guint r = 0; r < 3; r++)
      {
        g_autofree char *sql = g_strdup_printf (
            "INSERT INTO %s.petitions VALUES (%u, '%s', '%s', '2026-0%u-1%u 09:00:00', '%s%s')", database,
            100 * (g + 1) + r + 1, finding_petitioners[g][r], finding_subjects[g], g == 2 ? 4 : g + 1, r,
            pr_test_group_bodies[g], r == 1 ? "！！" : r == 2 ? "……" : "");

        pr_test_execute (root, sql);
      }
  {
    g_autofree char *sql = g_strdup_printf ("INSERT INTO %s.petitions VALUES (900, '市民', '路灯问题', "
                                            "'2026-05-01 10:00:00', '公园里的路灯已经坏了一个多月，晚上散步很不安全，请尽快修复。')",
                                            database);

    pr_test_execute (root, sql);
  }
}
