(* uBD with one block size K (arXiv 2509.24173, Yoon, Park, Nam, Lee 2025): the claims ubd_uldp
   and the refutation ubd_tight_single_block, for every real t >= 1, every input count k, every
   sensitive set S (any predicate, not only a prefix) and every 1 <= K <= |X_S|.

   The entries are defined as published: with v = |X_S| and D = t + v/K - 1, a sensitive x
   reports a block holding it with total probability t/D, spread uniformly over the C(v-1, K-1)
   blocks holding x, and a block not holding it with total probability 1 - t/D, spread over the
   C(v-1, K) others; a non-sensitive x reports itself with probability (t-1)/D and otherwise a
   uniform block among all C(v, K). C is the real binomial of Coq's Reals (Binomial.C), taken as
   0 when the lower index exceeds the upper one (no such block exists).

   Outputs: [inl B] is the block B (a predicate, a block when B is a subset of S of count K:
   ubd_IsBlock), [inr o] is the symbol o (an output of Y_I when o < k and o is non-sensitive).
   The ratio bound, the attained ratio and condition 1 are stated over ALL such outputs.

   Rows summing to 1: the blocks are not enumerated; the row-sum conjunct groups them by whether
   they hold x and uses the standard counts as coefficients: there are C(v, K) blocks, of which
   C(v-1, K-1) hold a sensitive x (and none holds a non-sensitive x). These two counting facts
   about K-subsets are the only thing assumed (they are the coefficients in the statement, not
   hypotheses proved here); the SMT claim assumes the same with C a variable, here C is the true
   binomial and the identities C(v-1,K-1) = C(v,K) K/v, C(v-1,K) = C(v,K)(v-K)/v are proved. *)
From Uldp Require Import Common.
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

(* uldp:statement ubd_uldp ubd_tight_single_block *)
Fixpoint ubd_ncount (n : nat) (p : nat -> bool) : nat :=
  match n with
  | O => O
  | S n' => (ubd_ncount n' p + (if p n' then 1 else 0))%nat
  end.

Definition ubd_binom (n p : nat) : R := if Nat.leb p n then Binomial.C n p else 0.

Definition ubd_D (k K : nat) (S : nat -> bool) (t : R) : R := t + count k S / INR K - 1.

Definition ubd_block_entry (k K : nat) (S : nat -> bool) (t : R) (x : nat) (inB : bool) : R :=
  if S x then
    (if inB then (t / ubd_D k K S t) / ubd_binom (ubd_ncount k S - 1) (K - 1)
     else (1 - t / ubd_D k K S t) / ubd_binom (ubd_ncount k S - 1) K)
  else (1 - (t - 1) / ubd_D k K S t) / ubd_binom (ubd_ncount k S) K.

Definition ubd_Q (k K : nat) (S : nat -> bool) (t : R) (x : nat) (y : (nat -> bool) + nat) : R :=
  match y with
  | inl B => ubd_block_entry k K S t x (B x)
  | inr o => if S x then 0 else if Nat.eqb x o then (t - 1) / ubd_D k K S t else 0
  end.

Definition ubd_IsBlock (k K : nat) (S : nat -> bool) (B : nat -> bool) : Prop :=
  (forall i, (i < k)%nat -> B i = true -> S i = true) /\ count k B = INR K.

Definition ubd_Yp (k K : nat) (S : nat -> bool) (y : (nat -> bool) + nat) : Prop :=
  match y with
  | inl B => ubd_IsBlock k K S B
  | inr _ => False
  end.

Definition ubd_Yi (k : nat) (S : nat -> bool) (y : (nat -> bool) + nat) : Prop :=
  match y with
  | inl _ => False
  | inr o => (o < k)%nat /\ S o = false
  end.

Definition ubd_holding (k K : nat) (S : nat -> bool) (x : nat) : R :=
  if S x then ubd_binom (ubd_ncount k S - 1) (K - 1) else 0.
(* uldp:end *)

(* helper lemmas, not part of the statement *)

Lemma ubd_count_ncount : forall k p, count k p = INR (ubd_ncount k p).
Proof.
  intros k p; unfold count; induction k as [|k IH]; [reflexivity|].
  cbn [rsum ubd_ncount]. rewrite IH, plus_INR. destruct (p k); simpl; lra.
Qed.

(* A subset B of S counts at most |S|, strictly less when it misses a member of S. *)
Lemma ubd_ncount_sub : forall k B S,
  (forall i, (i < k)%nat -> B i = true -> S i = true) ->
  (ubd_ncount k B <= ubd_ncount k S)%nat /\
  ((exists x, (x < k)%nat /\ S x = true /\ B x = false) ->
   (ubd_ncount k B < ubd_ncount k S)%nat).
Proof.
  induction k as [|k IH]; intros B S Hsub; simpl.
  - split; [lia|]. intros (x & Hx & _); lia.
  - destruct (IH B S) as [Hle Hlt]; [intros i Hi HBi; apply Hsub; [lia|exact HBi]|].
    assert (HBk : B k = true -> S k = true) by (apply Hsub; lia).
    split.
    + destruct (B k), (S k); try lia; discriminate (HBk eq_refl).
    + intros (x & Hx & HSx & HBx).
      destruct (Nat.eq_dec x k) as [->|Hne].
      * rewrite HSx, HBx. lia.
      * assert (ubd_ncount k B < ubd_ncount k S)%nat by (apply Hlt; exists x; repeat split; auto; lia).
        destruct (B k), (S k); try lia; discriminate (HBk eq_refl).
Qed.

(* Every rank j < |S| is the rank of some member of S. *)
Lemma ubd_rank_exists : forall k S j, (j < ubd_ncount k S)%nat ->
  exists i, (i < k)%nat /\ S i = true /\ ubd_ncount i S = j.
Proof.
  induction k as [|k IH]; intros S j Hj; simpl in Hj; [lia|].
  destruct (Nat.lt_ge_cases j (ubd_ncount k S)) as [Hl|Hg].
  - destruct (IH S j Hl) as (i & Hi & HS & Hr). exists i; repeat split; auto; lia.
  - destruct (S k) eqn:E; [|lia]. exists k; repeat split; auto; lia.
Qed.

Lemma ubd_nonsensitive_exists : forall k S, (ubd_ncount k S < k)%nat ->
  exists i, (i < k)%nat /\ S i = false.
Proof.
  induction k as [|k IH]; intros S H; simpl in H; [lia|].
  destruct (S k) eqn:E.
  - destruct (IH S) as (i & Hi & HS); [lia|]. exists i; split; auto; lia.
  - exists k; split; auto.
Qed.

(* The block of the first K members of S. *)
Definition ubd_first (K : nat) (S : nat -> bool) (i : nat) : bool :=
  (S i && Nat.ltb (ubd_ncount i S) K)%bool.

Lemma ubd_first_count : forall k K S,
  ubd_ncount k (ubd_first K S) = Nat.min K (ubd_ncount k S).
Proof.
  induction k as [|k IH]; intros K S; simpl; [lia|].
  rewrite IH. unfold ubd_first. destruct (S k); simpl; [|lia].
  destruct (Nat.ltb_spec (ubd_ncount k S) K); lia.
Qed.

Lemma ubd_first_block : forall k K S, (K <= ubd_ncount k S)%nat ->
  ubd_IsBlock k K S (ubd_first K S).
Proof.
  intros k K S HK. split.
  - intros i _ H. unfold ubd_first in H. apply andb_prop in H. tauto.
  - rewrite ubd_count_ncount, ubd_first_count. f_equal. lia.
Qed.

(* Binomial facts, for the real binomial of Coq's Reals. *)
Lemma ubd_C_n0 : forall n, Binomial.C n 0 = 1.
Proof.
  intros n; unfold Binomial.C. rewrite Nat.sub_0_r. simpl (fact 0).
  pose proof (INR_fact_neq_0 n). simpl (INR 1). field; auto.
Qed.

Lemma ubd_C_nn : forall n, Binomial.C n n = 1.
Proof.
  intros n; unfold Binomial.C. rewrite Nat.sub_diag. simpl (fact 0).
  pose proof (INR_fact_neq_0 n). simpl (INR 1). field; auto.
Qed.

Lemma ubd_C_ge1 : forall n p, (p <= n)%nat -> 1 <= Binomial.C n p.
Proof.
  induction n as [|n IH]; intros p Hp.
  - replace p with 0%nat by lia. rewrite ubd_C_n0; lra.
  - destruct p as [|p]; [rewrite ubd_C_n0; lra|].
    destruct (Nat.eq_dec p n) as [->|Hne]; [rewrite ubd_C_nn; lra|].
    rewrite <- Binomial.pascal by lia.
    assert (1 <= Binomial.C n p) by (apply IH; lia).
    assert (1 <= Binomial.C n (S p)) by (apply IH; lia). lra.
Qed.

(* C(v-1, K-1) = C(v, K) K / v for 1 <= K <= v. *)
Lemma ubd_C_holding : forall n p, (1 <= p <= n)%nat ->
  Binomial.C (n - 1) (p - 1) * INR n = Binomial.C n p * INR p.
Proof.
  intros n p Hp. destruct n as [|n]; [lia|]. destruct p as [|p]; [lia|].
  replace (S n - 1)%nat with n by lia. replace (S p - 1)%nat with p by lia.
  unfold Binomial.C. replace (S n - S p)%nat with (n - p)%nat by lia.
  rewrite !fact_simpl, !mult_INR.
  pose proof (INR_fact_neq_0 n). pose proof (INR_fact_neq_0 p).
  pose proof (INR_fact_neq_0 (n - p)). pose proof (pos_INR p). pose proof (pos_INR n).
  rewrite !S_INR. field. repeat split; lra.
Qed.

(* C(v-1, K) = C(v, K) (v - K) / v for K < v. *)
Lemma ubd_C_missing : forall n p, (p < n)%nat ->
  Binomial.C (n - 1) p * INR n = Binomial.C n p * (INR n - INR p).
Proof.
  intros n p Hp. destruct n as [|n]; [lia|]. replace (S n - 1)%nat with n by lia.
  rewrite (Binomial.pascal_step2 n p) by lia.
  replace (S n - p)%nat with (S (n - p)) by lia.
  assert (Hnp : INR (n - p) = INR n - INR p) by (apply minus_INR; lia).
  rewrite !S_INR, Hnp. pose proof (pos_INR (n - p)). field. lra.
Qed.

Section UbdFacts.
  Variables (k K : nat) (S : nat -> bool) (t : R).
  Hypotheses (Ht : 1 <= t) (HK1 : (1 <= K)%nat) (HKv : (K <= ubd_ncount k S)%nat).

  Let n := ubd_ncount k S.
  Let v := INR n.
  Let Kr := INR K.
  Let C := Binomial.C n K.
  Let D := ubd_D k K S t.
  (* The common block value v/(K D C): an entry of a block column is a or t a. *)
  Let a := v / (Kr * D * C).

  Lemma ubd_basic : 1 <= Kr /\ Kr <= v /\ 1 <= C /\ t <= D /\ Kr * D = Kr * t + v - Kr.
  Proof.
    assert (1 <= Kr) by (unfold Kr; apply (le_INR 1); lia).
    assert (Kr <= v) by (unfold Kr, v; apply le_INR; lia).
    assert (1 <= C) by (apply ubd_C_ge1; lia).
    assert (HD : D = t + v / Kr - 1) by (unfold D, ubd_D, v, n; rewrite ubd_count_ncount; reflexivity).
    assert (1 <= v / Kr) by (apply (Rmult_le_reg_r Kr); [lra|]; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra).
    repeat split; auto; [lra|]. rewrite HD. field. lra.
  Qed.

  Lemma ubd_a_pos : 0 < a.
  Proof.
    destruct ubd_basic as (H1 & H2 & H3 & H4 & _). unfold a.
    apply Rdiv_lt_0_compat; [lra|]. apply Rmult_lt_0_compat; [|lra]. apply Rmult_lt_0_compat; lra.
  Qed.

  Lemma ubd_in_value : S k = S k -> (t / D) / ubd_binom (n - 1) (K - 1) = t * a.
  Proof.
    intros _. destruct ubd_basic as (H1 & H2 & H3 & H4 & HD).
    unfold ubd_binom. rewrite (proj2 (Nat.leb_le _ _)) by lia.
    pose proof (ubd_C_holding n K ltac:(lia)) as HC. fold C v Kr in HC.
    assert (0 < Binomial.C (n - 1) (K - 1)) by (pose proof (ubd_C_ge1 (n-1) (K-1) ltac:(lia)); lra).
    assert (HB : Binomial.C (n - 1) (K - 1) = C * Kr / v)
      by (apply (Rmult_eq_reg_r v); [rewrite HC; field|]; lra).
    unfold a. rewrite HB. field. repeat split; lra.
  Qed.

  Lemma ubd_off_value : (K < n)%nat -> (1 - t / D) / ubd_binom (n - 1) K = a.
  Proof.
    intros HKn. destruct ubd_basic as (H1 & H2 & H3 & H4 & HD).
    assert (Kr < v) by (unfold Kr, v; apply lt_INR; lia).
    unfold ubd_binom. rewrite (proj2 (Nat.leb_le _ _)) by lia.
    pose proof (ubd_C_missing n K HKn) as HC. fold C v Kr in HC.
    assert (0 < Binomial.C (n - 1) K) by (pose proof (ubd_C_ge1 (n-1) K ltac:(lia)); lra).
    assert (HB : Binomial.C (n - 1) K = C * (v - Kr) / v)
      by (apply (Rmult_eq_reg_r v); [rewrite HC; field|]; lra).
    replace (1 - t / D) with ((v - Kr) / (Kr * D))
      by (replace (v - Kr) with (Kr * D - Kr * t) by lra; field; lra).
    unfold a. rewrite HB. field. repeat split; lra.
  Qed.

  Lemma ubd_open_value : (1 - (t - 1) / D) / ubd_binom n K = a.
  Proof.
    destruct ubd_basic as (H1 & H2 & H3 & H4 & HD).
    unfold ubd_binom. rewrite (proj2 (Nat.leb_le _ _)) by lia. fold C.
    replace (1 - (t - 1) / D) with (v / (Kr * D))
      by (replace v with (Kr * D - Kr * t + Kr) at 1 by lra; field; lra).
    unfold a. field. repeat split; lra.
  Qed.

  (* On a block, the entry is t a for a sensitive member and a otherwise. *)
  Lemma ubd_block_value : forall B x, (x < k)%nat -> ubd_IsBlock k K S B ->
    ubd_Q k K S t x (inl B) = if (S x && B x)%bool then t * a else a.
  Proof.
    intros B x Hx [Hsub Hcnt]. simpl. unfold ubd_block_entry. fold n D.
    destruct (S x) eqn:HSx; simpl.
    - destruct (B x) eqn:HBx.
      + apply ubd_in_value; auto.
      + apply ubd_off_value.
        destruct (ubd_ncount_sub k B S Hsub) as [_ Hlt].
        rewrite ubd_count_ncount in Hcnt. apply INR_eq in Hcnt.
        rewrite <- Hcnt. apply Hlt. exists x; auto.
    - apply ubd_open_value.
  Qed.

  Lemma ubd_self_value_nonneg : 0 <= (t - 1) / D <= 1.
  Proof.
    destruct ubd_basic as (H1 & H2 & H3 & H4 & HD). split.
    - apply Rmult_le_pos; [lra|]. left; apply Rinv_0_lt_compat; lra.
    - apply (Rmult_le_reg_r D); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
  Qed.

  Lemma ubd_entries : forall x y, (x < k)%nat -> 0 <= ubd_Q k K S t x y <= 1.
  Proof.
    destruct ubd_basic as (H1 & H2 & H3 & H4 & HD).
    assert (Hdiv : forall p q, 0 <= p <= 1 -> (q = 0 \/ 1 <= q) -> 0 <= p / q <= 1).
    { intros p q Hp [->|Hq]; [unfold Rdiv; rewrite Rinv_0; lra|].
      split; [apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra]|].
      apply (Rmult_le_reg_r q); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. nra. }
    assert (Hbin : forall a b, ubd_binom a b = 0 \/ 1 <= ubd_binom a b).
    { intros a0 b0. unfold ubd_binom. destruct (Nat.leb_spec b0 a0); [right; apply ubd_C_ge1; auto|left; auto]. }
    assert (HtD : 0 <= t / D <= 1).
    { split; [apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra]|].
      apply (Rmult_le_reg_r D); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
    pose proof ubd_self_value_nonneg.
    intros x [B|o] Hx; simpl.
    - unfold ubd_block_entry. fold n D.
      destruct (S x); [destruct (B x)|]; apply Hdiv; try apply Hbin; lra.
    - fold D. destruct (S x); [lra|]. destruct (Nat.eqb x o); [auto|lra].
  Qed.

  Lemma ubd_rsum_self : forall x, (x < k)%nat -> S x = false ->
    rsum k (fun o => if S o then 0 else ubd_Q k K S t x (inr o)) = (t - 1) / D.
  Proof.
    intros x Hx HSx.
    rewrite (rsum_ext k _ (fun o => if Nat.eqb o x then (t - 1) / D else 0)).
    - apply rsum_single; auto.
    - intros o Ho. simpl. rewrite HSx. fold D.
      destruct (Nat.eqb_spec o x) as [->|Hne]; [rewrite HSx, Nat.eqb_refl; reflexivity|].
      destruct (S o); [reflexivity|]. destruct (Nat.eqb_spec x o); [congruence|reflexivity].
  Qed.

  Lemma ubd_rows : forall x, (x < k)%nat ->
    ubd_holding k K S x * ubd_block_entry k K S t x true
    + (ubd_binom (ubd_ncount k S) K - ubd_holding k K S x) * ubd_block_entry k K S t x false
    + rsum k (fun o => if S o then 0 else ubd_Q k K S t x (inr o)) = 1.
  Proof.
    intros x Hx. destruct ubd_basic as (H1 & H2 & H3 & H4 & HD).
    unfold ubd_holding, ubd_block_entry. fold n D.
    destruct (S x) eqn:HSx; cbv beta iota.
    - rewrite (rsum_ext k _ (fun _ => 0)) by (intros o Ho; simpl; rewrite HSx; destruct (S o); auto).
      rewrite rsum_const, Rmult_0_r.
      pose proof (ubd_in_value eq_refl) as Hin.
      assert (HB1 : ubd_binom (n - 1) (K - 1) = C * Kr / v).
      { unfold ubd_binom. rewrite (proj2 (Nat.leb_le _ _)) by lia.
        pose proof (ubd_C_holding n K ltac:(lia)) as HC. fold C v Kr in HC.
        apply (Rmult_eq_reg_r v); [|lra]. rewrite HC. field. lra. }
      assert (HB : ubd_binom n K = C) by (unfold ubd_binom; rewrite (proj2 (Nat.leb_le _ _)) by lia; auto).
      rewrite Hin, HB, HB1.
      destruct (Nat.lt_ge_cases K n) as [HKn|HKn].
      + rewrite (ubd_off_value HKn). unfold a.
        replace (C * Kr / v * (t * (v / (Kr * D * C))) + (C - C * Kr / v) * (v / (Kr * D * C)))
          with ((Kr * t + v - Kr) / (Kr * D)) by (field; repeat split; lra).
        rewrite <- HD. field. split; lra.
      + assert (HKe : Kr = v) by (unfold Kr, v; f_equal; lia).
        assert (HDt : D = t) by (rewrite HKe in HD; apply (Rmult_eq_reg_l v); lra).
        rewrite HKe. replace (C - C * v / v) with 0 by (field; lra).
        rewrite Rmult_0_l, Rplus_0_r. unfold a. rewrite HKe, HDt. field. repeat split; lra.
    - rewrite ubd_rsum_self by auto.
      assert (HB : ubd_binom n K = C) by (unfold ubd_binom; rewrite (proj2 (Nat.leb_le _ _)) by lia; auto).
      rewrite HB. field. split; lra.
  Qed.

  Lemma ubd_ratio : RatioBound k (ubd_Yp k K S) (ubd_Q k K S t) t.
  Proof.
    intros x x' [B|o] Hx Hx' Hy; [|contradiction]. simpl in Hy.
    rewrite !ubd_block_value by auto. pose proof ubd_a_pos.
    assert (0 <= t * a * (t - 1)) by (apply Rmult_le_pos; [apply Rmult_le_pos|]; lra).
    destruct (S x && B x)%bool, (S x' && B x')%bool; nra.
  Qed.

  Lemma ubd_cond1_literal : 1 < t -> Cond1Literal k S (ubd_Yi k S) (ubd_Q k K S t).
  Proof.
    intros Ht1 [B|o] Hy; [contradiction|]. destruct Hy as [Ho HSo].
    destruct ubd_basic as (H1 & H2 & H3 & H4 & HD).
    exists o. repeat split; auto.
    - simpl. rewrite HSo, Nat.eqb_refl. apply Rdiv_lt_0_compat; fold D; lra.
    - intros x' Hx' Hne. simpl. destruct (S x'); auto.
      destruct (Nat.eqb_spec x' o); [congruence|auto].
  Qed.

  Lemma ubd_cond1_reachable : Cond1Reachable k S (ubd_Yi k S) (ubd_Q k K S t).
  Proof.
    intros [B|o] Hy Hr; [contradiction|]. destruct Hy as [Ho HSo].
    destruct (Rlt_or_le 1 t) as [Ht1|Ht1].
    - apply ubd_cond1_literal; auto. split; auto.
    - exfalso. destruct Hr as (x & Hx & Hpos). simpl in Hpos.
      destruct (S x); [lra|]. destruct (Nat.eqb x o); [|lra].
      replace (t - 1) with 0 in Hpos by lra. unfold Rdiv in Hpos. lra.
  Qed.

  Lemma ubd_attained : (K < ubd_ncount k S)%nat \/ (ubd_ncount k S < k)%nat ->
    RatioAttained k (ubd_Yp k K S) (ubd_Q k K S t) t.
  Proof.
    intros Hcase. pose proof ubd_a_pos.
    pose proof (ubd_first_block k K S HKv) as Hblk.
    destruct (ubd_rank_exists k S 0 ltac:(lia)) as (x & Hx & HSx & Hrx).
    assert (HBx : ubd_first K S x = true)
      by (unfold ubd_first; rewrite HSx, Hrx; apply Nat.ltb_lt; lia).
    assert (Hin : ubd_Q k K S t x (inl (ubd_first K S)) = t * a)
      by (rewrite ubd_block_value by auto; rewrite HSx, HBx; auto).
    destruct Hcase as [HKn|Hnn].
    - destruct (ubd_rank_exists k S K HKn) as (x' & Hx' & HSx' & Hrx').
      assert (HBx' : ubd_first K S x' = false)
        by (unfold ubd_first; rewrite HSx', Hrx'; simpl; apply Nat.ltb_irrefl).
      exists x, x', (inl (ubd_first K S)).
      split; [auto|]. split; [auto|]. split; [exact Hblk|]. split.
      + rewrite ubd_block_value by auto. rewrite HSx', HBx'. simpl. auto.
      + rewrite Hin, ubd_block_value by auto. rewrite HSx', HBx'. simpl. auto.
    - destruct (ubd_nonsensitive_exists k S Hnn) as (x' & Hx' & HSx').
      exists x, x', (inl (ubd_first K S)).
      split; [auto|]. split; [auto|]. split; [exact Hblk|]. split.
      + rewrite ubd_block_value by auto. rewrite HSx'. simpl. auto.
      + rewrite Hin, ubd_block_value by auto. rewrite HSx'. simpl. auto.
  Qed.
End UbdFacts.

(* uldp:statement ubd_uldp *)
Theorem ubd_uldp : forall (k K : nat) (S : nat -> bool) (t : R),
  1 <= t -> (1 <= K)%nat -> (K <= ubd_ncount k S)%nat ->
  (forall x y, (x < k)%nat -> 0 <= ubd_Q k K S t x y <= 1) /\
  (forall x, (x < k)%nat ->
     ubd_holding k K S x * ubd_block_entry k K S t x true
     + (ubd_binom (ubd_ncount k S) K - ubd_holding k K S x) * ubd_block_entry k K S t x false
     + rsum k (fun o => if S o then 0 else ubd_Q k K S t x (inr o)) = 1) /\
  ULDP k S (ubd_Yp k K S) (ubd_Yi k S) (ubd_Q k K S t) t /\
  (1 < t -> ULDPLiteral k S (ubd_Yp k K S) (ubd_Yi k S) (ubd_Q k K S t) t) /\
  ((K < ubd_ncount k S)%nat \/ (ubd_ncount k S < k)%nat ->
   RatioAttained k (ubd_Yp k K S) (ubd_Q k K S t) t).
(* uldp:end *)
Proof.
  intros k K S t Ht HK1 HKv.
  split; [apply ubd_entries; auto|].
  split; [apply ubd_rows; auto|].
  split; [split; [apply ubd_cond1_reachable|apply ubd_ratio]; auto|].
  split; [intros Ht1; split; [apply ubd_cond1_literal|apply ubd_ratio]; auto|].
  apply ubd_attained; auto.
Qed.

(* uldp:statement ubd_tight_single_block *)
Theorem ubd_tight_single_block :
  ~ RatioAttained 2 (ubd_Yp 2 2 (fun _ => true)) (ubd_Q 2 2 (fun _ => true) 2) 2.
(* uldp:end *)
Proof.
  intros (x & x' & y & Hx & Hx' & Hy & Hpos & Heq).
  destruct y as [B|o]; [|contradiction]. destruct Hy as [_ Hcnt].
  (* K = |X_S| = 2 = k: the only block is X_S itself, so both inputs are members of it. *)
  assert (HB : B 0%nat = true /\ B 1%nat = true).
  { unfold count in Hcnt. simpl in Hcnt. destruct (B 0%nat), (B 1%nat); simpl in Hcnt; auto; lra. }
  assert (HBx : B x = true) by (destruct x as [|[|]]; [tauto|tauto|lia]).
  assert (HBx' : B x' = true) by (destruct x' as [|[|]]; [tauto|tauto|lia]).
  simpl in Hpos, Heq. unfold ubd_block_entry in Hpos, Heq. rewrite HBx, HBx' in Heq.
  rewrite HBx' in Hpos. lra.
Qed.

Print Assumptions ubd_uldp.
Print Assumptions ubd_tight_single_block.
