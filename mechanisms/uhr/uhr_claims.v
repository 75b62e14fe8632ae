(* uHR (arXiv 2509.24173, Yoon, Park, Nam, Lee 2025): the claim uhr_uldp, for every real t >= 1,
   every input count k, every sensitive set S (any predicate, |X_S| >= 1) and every number of
   columns V > |X_S|.

   The entries are defined as published: the sensitive input of rank r (the r-th smallest member
   of S, r = 0..|X_S|-1) uses row r + 1 of the V x V Hadamard matrix H; it reports a uniform
   column j with H[r+1][j] = +1 with total probability t/(t+1) (each of the V/2 such columns
   2t/((t+1)V)), else a uniform column with -1 (total 1/(t+1)). A non-sensitive x reports itself
   with probability (t-1)/(t+1), else a uniform column among all V.

   The Hadamard matrix is a parameter H : nat -> nat -> bool (true = +1, false = -1), with the
   facts the SMT claim assumes taken as hypotheses of the theorem (they hold for every Sylvester
   matrix, H[r][j] = (-1)^popcount(r AND j), V a power of 2): column h0 is all +1; column h1 is
   (-1)^r on row r; every row r in 1..V-1 has V/2 entries +1. Entries +-1 are built into the
   type. Unlike the SMT claim, the columns are the real columns 0..V-1 of H and the rows sum to 1
   as actual finite sums over all V + |X_N| outputs.

   Outputs: [inl j] is the column h_j (an output of Y_P when j < V), [inr o] is the symbol o (an
   output of Y_I when o < k is non-sensitive). *)
From Uldp Require Import Common.
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

(* uldp:statement uhr_uldp *)
Fixpoint uhr_ncount (n : nat) (p : nat -> bool) : nat :=
  match n with
  | O => O
  | S n' => (uhr_ncount n' p + (if p n' then 1 else 0))%nat
  end.

Definition uhr_Q (k V : nat) (S : nat -> bool) (H : nat -> nat -> bool) (t : R) (x : nat)
  (y : nat + nat) : R :=
  match y with
  | inl j =>
      if S x then
        (if H (uhr_ncount x S + 1)%nat j then (t / (t + 1)) / (INR V / 2)
         else (1 / (t + 1)) / (INR V / 2))
      else (1 - (t - 1) / (t + 1)) / INR V
  | inr o => if S x then 0 else if Nat.eqb x o then (t - 1) / (t + 1) else 0
  end.

Definition uhr_Yp (V : nat) (y : nat + nat) : Prop :=
  match y with
  | inl j => (j < V)%nat
  | inr _ => False
  end.

Definition uhr_Yi (k : nat) (S : nat -> bool) (y : nat + nat) : Prop :=
  match y with
  | inl _ => False
  | inr o => (o < k)%nat /\ S o = false
  end.
(* uldp:end *)

(* helper lemmas, not part of the statement *)

Lemma uhr_rank_exists : forall k S j, (j < uhr_ncount k S)%nat ->
  exists i, (i < k)%nat /\ S i = true /\ uhr_ncount i S = j.
Proof.
  induction k as [|k IH]; intros S j Hj; simpl in Hj; [lia|].
  destruct (Nat.lt_ge_cases j (uhr_ncount k S)) as [Hl|Hg].
  - destruct (IH S j Hl) as (i & Hi & HS & Hr). exists i; repeat split; auto; lia.
  - destruct (S k) eqn:E; [|lia]. exists k; repeat split; auto; lia.
Qed.

Lemma uhr_nonsensitive_exists : forall k S, (uhr_ncount k S < k)%nat ->
  exists i, (i < k)%nat /\ S i = false.
Proof.
  induction k as [|k IH]; intros S H; simpl in H; [lia|].
  destruct (S k) eqn:E.
  - destruct (IH S) as (i & Hi & HS); [lia|]. exists i; split; auto; lia.
  - exists k; split; auto.
Qed.

(* The rank of a sensitive x < k is below |X_S|. *)
Lemma uhr_rank_lt : forall k S x, (x < k)%nat -> S x = true -> (uhr_ncount x S < uhr_ncount k S)%nat.
Proof.
  induction k as [|k IH]; intros S x Hx HS; [lia|]. simpl.
  destruct (Nat.eq_dec x k) as [->|Hne]; [rewrite HS; lia|].
  assert (uhr_ncount x S < uhr_ncount k S)%nat by (apply IH; auto; lia). lia.
Qed.

(* A two-valued sum: rsum n (if p then a else b) = count n p * a + (n - count n p) * b. *)
Lemma uhr_rsum_two : forall n (p : nat -> bool) a b,
  rsum n (fun j => if p j then a else b) = count n p * a + (INR n - count n p) * b.
Proof.
  intros n p a b. unfold count. induction n as [|n IH]; [simpl; lra|].
  cbn [rsum]. rewrite IH, S_INR. destruct (p n); lra.
Qed.

Lemma uhr_rsum_at : forall k (S : nat -> bool) x c, (x < k)%nat -> S x = false ->
  rsum k (fun o => if S o then 0 else if Nat.eqb x o then c else 0) = c.
Proof.
  intros k S x c Hx HSx.
  rewrite (rsum_ext k _ (fun o => if Nat.eqb o x then c else 0)).
  - apply rsum_single; auto.
  - intros o Ho.
    destruct (Nat.eqb_spec o x) as [->|Hne]; [rewrite HSx, Nat.eqb_refl; reflexivity|].
    destruct (S o); [reflexivity|]. destruct (Nat.eqb_spec x o); [congruence|reflexivity].
Qed.

Section UhrFacts.
  Variables (k V : nat) (S : nat -> bool) (H : nat -> nat -> bool) (t : R).
  Hypotheses (Ht : 1 <= t) (HnS : (1 <= uhr_ncount k S)%nat) (HV : (uhr_ncount k S < V)%nat).
  Hypothesis Hbal : forall r, (1 <= r < V)%nat -> count V (H r) = INR V / 2.

  Let Vr := INR V.
  (* plus = 2t/((t+1)V), minus = 2/((t+1)V). *)
  Let m := 2 / ((t + 1) * Vr).

  Lemma uhr_basic : 2 <= Vr /\ 0 < m.
  Proof.
    assert (2 <= Vr) by (unfold Vr; apply (le_INR 2); lia). split; auto.
    unfold m. apply Rdiv_lt_0_compat; [lra|]. apply Rmult_lt_0_compat; lra.
  Qed.

  Lemma uhr_column_value : forall x j, uhr_Q k V S H t x (inl j) =
    if (S x && H (uhr_ncount x S + 1)%nat j)%bool then t * m else m.
  Proof.
    intros x j. destruct uhr_basic as [HV2 Hm]. simpl. fold Vr.
    destruct (S x); simpl; [destruct (H (uhr_ncount x S + 1)%nat j)|]; unfold m; field; lra.
  Qed.

  Lemma uhr_entries : forall x y, (x < k)%nat -> 0 <= uhr_Q k V S H t x y <= 1.
  Proof.
    destruct uhr_basic as [HV2 Hm].
    assert (Hself : 0 <= (t - 1) / (t + 1) <= 1).
    { split; [apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra]|].
      apply (Rmult_le_reg_r (t + 1)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
    intros x [j|o] Hx.
    - rewrite uhr_column_value. assert (m <= 1 / (t + 1)).
      { unfold m. apply (Rmult_le_reg_r ((t + 1) * Vr)); [nra|].
        unfold Rdiv. rewrite Rmult_assoc, Rinv_l by nra. field_simplify; lra. }
      assert (t * m <= t * (1 / (t + 1))) by (apply Rmult_le_compat_l; lra).
      assert (t * (1 / (t + 1)) <= 1).
      { replace (t * (1 / (t + 1))) with (t / (t + 1)) by (field; lra).
        apply (Rmult_le_reg_r (t + 1)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
      assert (1 / (t + 1) <= 1).
      { apply (Rmult_le_reg_r (t + 1)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
      destruct (S x && _)%bool; nra.
    - simpl. destruct (S x); [lra|]. destruct (Nat.eqb x o); lra.
  Qed.

  Lemma uhr_rows : forall x, (x < k)%nat ->
    rsum V (fun j => uhr_Q k V S H t x (inl j))
    + rsum k (fun o => if S o then 0 else uhr_Q k V S H t x (inr o)) = 1.
  Proof.
    intros x Hx. destruct uhr_basic as [HV2 Hm].
    destruct (S x) eqn:HSx.
    - rewrite (rsum_ext V _ (fun j => if H (uhr_ncount x S + 1)%nat j then t * m else m))
        by (intros j Hj; rewrite uhr_column_value, HSx; reflexivity).
      rewrite (rsum_ext k _ (fun _ => 0)) by (intros o Ho; simpl; rewrite HSx; destruct (S o); auto).
      rewrite uhr_rsum_two, rsum_const, Rmult_0_r, Rplus_0_r.
      pose proof (uhr_rank_lt k S x Hx HSx).
      rewrite Hbal by lia. fold Vr. unfold m. field. split; lra.
    - rewrite (rsum_ext V _ (fun _ => m)) by (intros j Hj; rewrite uhr_column_value, HSx; reflexivity).
      rewrite (rsum_ext k _ (fun o => if S o then 0 else if Nat.eqb x o then (t - 1) / (t + 1) else 0))
        by (intros o Ho; simpl; rewrite HSx; reflexivity).
      rewrite uhr_rsum_at, rsum_const by auto. fold Vr. unfold m. field. split; lra.
  Qed.

  Lemma uhr_ratio : RatioBound k (uhr_Yp V) (uhr_Q k V S H t) t.
  Proof.
    intros x x' [j|o] Hx Hx' Hy; [|contradiction].
    rewrite !uhr_column_value. destruct uhr_basic as [_ Hm].
    assert (0 <= t * m * (t - 1)) by (apply Rmult_le_pos; [apply Rmult_le_pos|]; lra).
    destruct (S x && _)%bool, (S x' && _)%bool; nra.
  Qed.

  Lemma uhr_cond1_literal : 1 < t -> Cond1Literal k S (uhr_Yi k S) (uhr_Q k V S H t).
  Proof.
    intros Ht1 [j|o] Hy; [contradiction|]. destruct Hy as [Ho HSo].
    exists o. repeat split; auto.
    - simpl. rewrite HSo, Nat.eqb_refl. apply Rdiv_lt_0_compat; lra.
    - intros x' Hx' Hne. simpl. destruct (S x'); auto.
      destruct (Nat.eqb_spec x' o); [congruence|auto].
  Qed.

  Lemma uhr_cond1_reachable : Cond1Reachable k S (uhr_Yi k S) (uhr_Q k V S H t).
  Proof.
    intros [j|o] Hy Hr; [contradiction|].
    destruct (Rlt_or_le 1 t) as [Ht1|Ht1]; [apply uhr_cond1_literal; auto|].
    exfalso. destruct Hr as (x & Hx & Hpos). simpl in Hpos.
    destruct (S x); [lra|]. destruct (Nat.eqb x o); [|lra].
    replace (t - 1) with 0 in Hpos by lra. unfold Rdiv in Hpos. lra.
  Qed.

  Lemma uhr_attained :
    (forall r, (r < V)%nat -> H r 0%nat = true) ->
    (forall r, (r < V)%nat -> H r 1%nat = Nat.even r) ->
    (2 <= k)%nat -> RatioAttained k (uhr_Yp V) (uhr_Q k V S H t) t.
  Proof.
    intros H0 H1 Hk. destruct uhr_basic as [_ Hm].
    destruct (uhr_rank_exists k S 0 ltac:(lia)) as (x & Hx & HSx & Hrx).
    destruct (Nat.lt_ge_cases (uhr_ncount k S) k) as [Hnn|Hall].
    - (* a non-sensitive x' and column h0, +1 on every row *)
      destruct (uhr_nonsensitive_exists k S Hnn) as (x' & Hx' & HSx').
      exists x, x', (inl 0%nat). split; [auto|]. split; [auto|]. split; [simpl; lia|].
      rewrite !uhr_column_value, HSx, HSx', Hrx. simpl. rewrite (H0 1%nat) by lia.
      split; [auto|reflexivity].
    - (* |X_S| = |X| >= 2: ranks 1 and 0 use rows 2 and 1, which differ on column h1 *)
      destruct (uhr_rank_exists k S 1 ltac:(lia)) as (x1 & Hx1 & HSx1 & Hrx1).
      exists x1, x, (inl 1%nat). split; [auto|]. split; [auto|]. split; [simpl; lia|].
      rewrite !uhr_column_value, HSx, HSx1, Hrx, Hrx1. simpl.
      rewrite (H1 1%nat), (H1 2%nat) by lia. simpl. split; [auto|reflexivity].
  Qed.
End UhrFacts.

(* uldp:statement uhr_uldp *)
Theorem uhr_uldp : forall (k V : nat) (S : nat -> bool) (H : nat -> nat -> bool) (t : R),
  1 <= t -> (1 <= uhr_ncount k S)%nat -> (uhr_ncount k S < V)%nat ->
  (forall r, (r < V)%nat -> H r 0%nat = true) ->
  (forall r, (r < V)%nat -> H r 1%nat = Nat.even r) ->
  (forall r, (1 <= r < V)%nat -> count V (H r) = INR V / 2) ->
  (forall x y, (x < k)%nat -> 0 <= uhr_Q k V S H t x y <= 1) /\
  (forall x, (x < k)%nat ->
     rsum V (fun j => uhr_Q k V S H t x (inl j))
     + rsum k (fun o => if S o then 0 else uhr_Q k V S H t x (inr o)) = 1) /\
  ULDP k S (uhr_Yp V) (uhr_Yi k S) (uhr_Q k V S H t) t /\
  (1 < t -> ULDPLiteral k S (uhr_Yp V) (uhr_Yi k S) (uhr_Q k V S H t) t) /\
  ((2 <= k)%nat -> RatioAttained k (uhr_Yp V) (uhr_Q k V S H t) t).
(* uldp:end *)
Proof.
  intros k V S H t Ht HnS HV H0 H1 Hbal.
  split; [apply uhr_entries; auto|].
  split; [apply uhr_rows; auto|].
  split; [split; [apply uhr_cond1_reachable|apply uhr_ratio]; auto|].
  split; [intros Ht1; split; [apply uhr_cond1_literal|apply uhr_ratio]; auto|].
  apply uhr_attained; auto.
Qed.

Print Assumptions uhr_uldp.
