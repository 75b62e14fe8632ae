(* uSS with block size K (arXiv 2509.24173, Yoon, Park, Nam, Lee 2025): the claim uss_uldp, for
   every real t >= 1, every input count k, every sensitive set S (any predicate) and every
   1 <= K <= |X_S|.

   The entries are defined as published: with v = |X_S| and D = t + v/K - 1, a sensitive x is
   encoded as by uBD (a block holding x with total probability t/D, spread over the C(v-1, K-1)
   blocks holding x; a block not holding x with 1 - t/D, spread over the C(v-1, K) others). A
   non-sensitive x reports a uniform block (one of C(v, K)) with total probability (v/K)/D; else
   S' u {x} with S' a uniform block, with total probability (t-1)/D * v(K-1)/(K(v-1)), or {x}
   alone with (t-1)/D * (v-K)/(K(v-1)) ((t-1)/D when K = 1). C is the real binomial of Coq's
   Reals (Binomial.C), taken as 0 when the lower index exceeds the upper one.

   Outputs (uss_out): UssBlock B is the block B (a block when B is a subset of S of count K),
   UssAlone o is {o}, UssWith B o is B u {o}. Y_P = the blocks; Y_I = the {o} with o in X_N when
   K < |X_S| or K = 1 (for 2 <= K = |X_S| they have probability 0 and are not outputs, as in the
   C++ and the SMT table) and the B u {o} with B a block and o in X_N when K >= 2. The ratio
   bound, the attained ratio and condition 1 are stated over ALL such outputs.

   Rows summing to 1: the blocks are not enumerated; the row-sum conjunct groups the blocks by
   whether they hold x and uses the standard counts as coefficients: there are C(v, K) blocks, of
   which C(v-1, K-1) hold a sensitive x (none holds a non-sensitive x), so the outputs B u {o}
   for one o number C(v, K). These counting facts about K-subsets are the only thing assumed
   (they are the coefficients in the statement); the SMT claim assumes the same with C a
   variable, here C is the true binomial and C(v-1,K-1) = C(v,K) K/v, C(v-1,K) = C(v,K)(v-K)/v
   are proved. *)
From Uldp Require Import Common.
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

(* uldp:statement uss_uldp *)
Fixpoint uss_ncount (n : nat) (p : nat -> bool) : nat :=
  match n with
  | O => O
  | S n' => (uss_ncount n' p + (if p n' then 1 else 0))%nat
  end.

Definition uss_binom (n p : nat) : R := if Nat.leb p n then Binomial.C n p else 0.

Definition uss_D (k K : nat) (S : nat -> bool) (t : R) : R := t + count k S / INR K - 1.

Definition uss_block_entry (k K : nat) (S : nat -> bool) (t : R) (x : nat) (inB : bool) : R :=
  if S x then
    (if inB then (t / uss_D k K S t) / uss_binom (uss_ncount k S - 1) (K - 1)
     else (1 - t / uss_D k K S t) / uss_binom (uss_ncount k S - 1) K)
  else ((count k S / INR K) / uss_D k K S t) / uss_binom (uss_ncount k S) K.

Definition uss_alone_entry (k K : nat) (S : nat -> bool) (t : R) (x o : nat) : R :=
  if S x then 0
  else if Nat.eqb x o then
    (if Nat.eqb K 1 then (t - 1) / uss_D k K S t
     else (t - 1) / uss_D k K S t * ((count k S - INR K) / (INR K * (count k S - 1))))
  else 0.

Definition uss_with_entry (k K : nat) (S : nat -> bool) (t : R) (x o : nat) : R :=
  if S x then 0
  else if Nat.eqb x o then
    ((t - 1) / uss_D k K S t * (count k S * (INR K - 1) / (INR K * (count k S - 1))))
      / uss_binom (uss_ncount k S) K
  else 0.

Inductive uss_out : Type :=
  | UssBlock (B : nat -> bool)
  | UssAlone (o : nat)
  | UssWith (B : nat -> bool) (o : nat).

Definition uss_Q (k K : nat) (S : nat -> bool) (t : R) (x : nat) (y : uss_out) : R :=
  match y with
  | UssBlock B => uss_block_entry k K S t x (B x)
  | UssAlone o => uss_alone_entry k K S t x o
  | UssWith _ o => uss_with_entry k K S t x o
  end.

Definition uss_IsBlock (k K : nat) (S : nat -> bool) (B : nat -> bool) : Prop :=
  (forall i, (i < k)%nat -> B i = true -> S i = true) /\ count k B = INR K.

Definition uss_Yp (k K : nat) (S : nat -> bool) (y : uss_out) : Prop :=
  match y with
  | UssBlock B => uss_IsBlock k K S B
  | _ => False
  end.

Definition uss_Yi (k K : nat) (S : nat -> bool) (y : uss_out) : Prop :=
  match y with
  | UssBlock _ => False
  | UssAlone o => (o < k)%nat /\ S o = false /\ ((K < uss_ncount k S)%nat \/ K = 1%nat)
  | UssWith B o => (o < k)%nat /\ S o = false /\ uss_IsBlock k K S B /\ (2 <= K)%nat
  end.

Definition uss_holding (k K : nat) (S : nat -> bool) (x : nat) : R :=
  if S x then uss_binom (uss_ncount k S - 1) (K - 1) else 0.
(* uldp:end *)

(* helper lemmas, not part of the statement *)

Lemma uss_count_ncount : forall k p, count k p = INR (uss_ncount k p).
Proof.
  intros k p; unfold count; induction k as [|k IH]; [reflexivity|].
  cbn [rsum uss_ncount]. rewrite IH, plus_INR. destruct (p k); simpl; lra.
Qed.

(* A subset B of S counts at most |S|, strictly less when it misses a member of S. *)
Lemma uss_ncount_sub : forall k B S,
  (forall i, (i < k)%nat -> B i = true -> S i = true) ->
  (uss_ncount k B <= uss_ncount k S)%nat /\
  ((exists x, (x < k)%nat /\ S x = true /\ B x = false) ->
   (uss_ncount k B < uss_ncount k S)%nat).
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
      * assert (uss_ncount k B < uss_ncount k S)%nat by (apply Hlt; exists x; repeat split; auto; lia).
        destruct (B k), (S k); try lia; discriminate (HBk eq_refl).
Qed.

(* Every rank j < |S| is the rank of some member of S. *)
Lemma uss_rank_exists : forall k S j, (j < uss_ncount k S)%nat ->
  exists i, (i < k)%nat /\ S i = true /\ uss_ncount i S = j.
Proof.
  induction k as [|k IH]; intros S j Hj; simpl in Hj; [lia|].
  destruct (Nat.lt_ge_cases j (uss_ncount k S)) as [Hl|Hg].
  - destruct (IH S j Hl) as (i & Hi & HS & Hr). exists i; repeat split; auto; lia.
  - destruct (S k) eqn:E; [|lia]. exists k; repeat split; auto; lia.
Qed.

Lemma uss_nonsensitive_exists : forall k S, (uss_ncount k S < k)%nat ->
  exists i, (i < k)%nat /\ S i = false.
Proof.
  induction k as [|k IH]; intros S H; simpl in H; [lia|].
  destruct (S k) eqn:E.
  - destruct (IH S) as (i & Hi & HS); [lia|]. exists i; split; auto; lia.
  - exists k; split; auto.
Qed.

(* The block of the first K members of S. *)
Definition uss_first (K : nat) (S : nat -> bool) (i : nat) : bool :=
  (S i && Nat.ltb (uss_ncount i S) K)%bool.

Lemma uss_first_count : forall k K S,
  uss_ncount k (uss_first K S) = Nat.min K (uss_ncount k S).
Proof.
  induction k as [|k IH]; intros K S; simpl; [lia|].
  rewrite IH. unfold uss_first. destruct (S k); simpl; [|lia].
  destruct (Nat.ltb_spec (uss_ncount k S) K); lia.
Qed.

Lemma uss_first_block : forall k K S, (K <= uss_ncount k S)%nat ->
  uss_IsBlock k K S (uss_first K S).
Proof.
  intros k K S HK. split.
  - intros i _ H. unfold uss_first in H. apply andb_prop in H. tauto.
  - rewrite uss_count_ncount, uss_first_count. f_equal. lia.
Qed.

(* Binomial facts, for the real binomial of Coq's Reals. *)
Lemma uss_C_n0 : forall n, Binomial.C n 0 = 1.
Proof.
  intros n; unfold Binomial.C. rewrite Nat.sub_0_r. simpl (fact 0).
  pose proof (INR_fact_neq_0 n). simpl (INR 1). field; auto.
Qed.

Lemma uss_C_nn : forall n, Binomial.C n n = 1.
Proof.
  intros n; unfold Binomial.C. rewrite Nat.sub_diag. simpl (fact 0).
  pose proof (INR_fact_neq_0 n). simpl (INR 1). field; auto.
Qed.

Lemma uss_C_ge1 : forall n p, (p <= n)%nat -> 1 <= Binomial.C n p.
Proof.
  induction n as [|n IH]; intros p Hp.
  - replace p with 0%nat by lia. rewrite uss_C_n0; lra.
  - destruct p as [|p]; [rewrite uss_C_n0; lra|].
    destruct (Nat.eq_dec p n) as [->|Hne]; [rewrite uss_C_nn; lra|].
    rewrite <- Binomial.pascal by lia.
    assert (1 <= Binomial.C n p) by (apply IH; lia).
    assert (1 <= Binomial.C n (S p)) by (apply IH; lia). lra.
Qed.

(* C(v-1, K-1) = C(v, K) K / v for 1 <= K <= v. *)
Lemma uss_C_holding : forall n p, (1 <= p <= n)%nat ->
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
Lemma uss_C_missing : forall n p, (p < n)%nat ->
  Binomial.C (n - 1) p * INR n = Binomial.C n p * (INR n - INR p).
Proof.
  intros n p Hp. destruct n as [|n]; [lia|]. replace (S n - 1)%nat with n by lia.
  rewrite (Binomial.pascal_step2 n p) by lia.
  replace (S n - p)%nat with (S (n - p)) by lia.
  assert (Hnp : INR (n - p) = INR n - INR p) by (apply minus_INR; lia).
  rewrite !S_INR, Hnp. pose proof (pos_INR (n - p)). field. lra.
Qed.

Section UssFacts.
  Variables (k K : nat) (S : nat -> bool) (t : R).
  Hypotheses (Ht : 1 <= t) (HK1 : (1 <= K)%nat) (HKv : (K <= uss_ncount k S)%nat).

  Let n := uss_ncount k S.
  Let v := INR n.
  Let Kr := INR K.
  Let C := Binomial.C n K.
  Let D := uss_D k K S t.
  (* The common block value v/(K D C): an entry of a block column is a or t a. *)
  Let a := v / (Kr * D * C).
  (* The probability (t-1)/D of the open outputs, and its two shares. *)
  Let z := (t - 1) / D.
  Let alone_share := (v - Kr) / (Kr * (v - 1)).
  Let with_share := v * (Kr - 1) / (Kr * (v - 1)).

  Lemma uss_basic : 1 <= Kr /\ Kr <= v /\ 1 <= C /\ t <= D /\ Kr * D = Kr * t + v - Kr
    /\ count k S = v.
  Proof.
    assert (1 <= Kr) by (unfold Kr; apply (le_INR 1); lia).
    assert (Kr <= v) by (unfold Kr, v; apply le_INR; lia).
    assert (1 <= C) by (apply uss_C_ge1; lia).
    assert (Hv : count k S = v) by (unfold v, n; apply uss_count_ncount).
    assert (HD : D = t + v / Kr - 1) by (unfold D, uss_D; rewrite Hv; reflexivity).
    assert (1 <= v / Kr) by (apply (Rmult_le_reg_r Kr); [lra|]; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra).
    repeat split; auto; [lra|]. rewrite HD. field. lra.
  Qed.

  Lemma uss_open_total : v / Kr / D = 1 - z.
  Proof.
    destruct uss_basic as (H1 & H2 & H3 & H4 & HD & Hv). unfold z.
    replace v with (Kr * D - Kr * t + Kr) at 1 by lra. field. split; lra.
  Qed.

  Lemma uss_binom_n : uss_binom n K = C.
  Proof. unfold uss_binom. rewrite (proj2 (Nat.leb_le _ _)) by lia. reflexivity. Qed.

  Lemma uss_a_pos : 0 < a.
  Proof.
    destruct uss_basic as (H1 & H2 & H3 & H4 & _). unfold a.
    apply Rdiv_lt_0_compat; [lra|]. apply Rmult_lt_0_compat; [|lra]. apply Rmult_lt_0_compat; lra.
  Qed.

  Lemma uss_in_value : (t / D) / uss_binom (n - 1) (K - 1) = t * a.
  Proof.
    destruct uss_basic as (H1 & H2 & H3 & H4 & HD & Hv).
    unfold uss_binom. rewrite (proj2 (Nat.leb_le _ _)) by lia.
    pose proof (uss_C_holding n K ltac:(lia)) as HC. fold C v Kr in HC.
    assert (HB : Binomial.C (n - 1) (K - 1) = C * Kr / v)
      by (apply (Rmult_eq_reg_r v); [rewrite HC; field|]; lra).
    unfold a. rewrite HB. field. repeat split; lra.
  Qed.

  Lemma uss_off_value : (K < n)%nat -> (1 - t / D) / uss_binom (n - 1) K = a.
  Proof.
    intros HKn. destruct uss_basic as (H1 & H2 & H3 & H4 & HD & Hv).
    assert (Kr < v) by (unfold Kr, v; apply lt_INR; lia).
    unfold uss_binom. rewrite (proj2 (Nat.leb_le _ _)) by lia.
    pose proof (uss_C_missing n K HKn) as HC. fold C v Kr in HC.
    assert (HB : Binomial.C (n - 1) K = C * (v - Kr) / v)
      by (apply (Rmult_eq_reg_r v); [rewrite HC; field|]; lra).
    replace (1 - t / D) with ((v - Kr) / (Kr * D))
      by (replace (v - Kr) with (Kr * D - Kr * t) by lra; field; lra).
    unfold a. rewrite HB. field. repeat split; lra.
  Qed.

  Lemma uss_open_value : ((count k S / Kr) / D) / uss_binom n K = a.
  Proof.
    destruct uss_basic as (H1 & H2 & H3 & H4 & HD & Hv).
    rewrite uss_binom_n, Hv. unfold a. field. repeat split; lra.
  Qed.

  (* On a block, the entry is t a for a sensitive member and a otherwise. *)
  Lemma uss_block_value : forall B x, (x < k)%nat -> uss_IsBlock k K S B ->
    uss_Q k K S t x (UssBlock B) = if (S x && B x)%bool then t * a else a.
  Proof.
    intros B x Hx [Hsub Hcnt]. simpl. unfold uss_block_entry. fold n D Kr.
    destruct (S x) eqn:HSx; simpl.
    - destruct (B x) eqn:HBx.
      + apply uss_in_value.
      + apply uss_off_value.
        destruct (uss_ncount_sub k B S Hsub) as [_ Hlt].
        rewrite uss_count_ncount in Hcnt. apply INR_eq in Hcnt.
        rewrite <- Hcnt. apply Hlt. exists x; auto.
    - apply uss_open_value.
  Qed.

  Lemma uss_z_bounds : 0 <= z <= 1 /\ (1 < t -> 0 < z).
  Proof.
    destruct uss_basic as (H1 & H2 & H3 & H4 & HD & Hv). unfold z. split; [split|].
    - apply Rmult_le_pos; [lra|]. left; apply Rinv_0_lt_compat; lra.
    - apply (Rmult_le_reg_r D); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
    - intros Ht1. apply Rdiv_lt_0_compat; lra.
  Qed.

  (* For K >= 2 (so |X_S| >= 2) both shares are in [0, 1], positive as stated, and sum to 1. *)
  Lemma uss_shares : (2 <= K)%nat ->
    0 <= alone_share <= 1 /\ 0 < with_share <= 1 /\ ((K < n)%nat -> 0 < alone_share)
    /\ alone_share + with_share = 1.
  Proof.
    intros HK2. destruct uss_basic as (H1 & H2 & H3 & H4 & HD & Hv).
    assert (2 <= Kr) by (unfold Kr; apply (le_INR 2); lia).
    assert (Hden : 0 < Kr * (v - 1)) by (apply Rmult_lt_0_compat; lra).
    unfold alone_share, with_share.
    assert (Hle : forall p, 0 <= p <= Kr * (v - 1) -> 0 <= p / (Kr * (v - 1)) <= 1).
    { intros p Hp. split; [apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra]|].
      apply (Rmult_le_reg_r (Kr * (v - 1))); [lra|].
      unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
    split; [apply Hle; nra|]. split; [split|]; [apply Rdiv_lt_0_compat; nra|apply Hle; nra|].
    split; [intros HKn; assert (Kr < v) by (unfold Kr, v; apply lt_INR; lia); apply Rdiv_lt_0_compat; nra|].
    field. lra.
  Qed.

  Lemma uss_alone_value : forall x o, uss_alone_entry k K S t x o =
    if S x then 0 else if Nat.eqb x o then (if Nat.eqb K 1 then z else z * alone_share) else 0.
  Proof.
    intros x o. unfold uss_alone_entry. fold D Kr. destruct uss_basic as (_ & _ & _ & _ & _ & Hv).
    rewrite Hv. reflexivity.
  Qed.

  Lemma uss_with_value : forall x o, uss_with_entry k K S t x o =
    if S x then 0 else if Nat.eqb x o then z * with_share / C else 0.
  Proof.
    intros x o. unfold uss_with_entry. fold D Kr n. destruct uss_basic as (_ & _ & _ & _ & _ & Hv).
    rewrite Hv, uss_binom_n. reflexivity.
  Qed.

  Lemma uss_with_zero_K1 : K = 1%nat -> with_share = 0.
  Proof. intros ->. unfold with_share, Kr. simpl. unfold Rdiv. ring. Qed.

  Lemma uss_entries : forall x y, (x < k)%nat -> 0 <= uss_Q k K S t x y <= 1.
  Proof.
    destruct uss_basic as (H1 & H2 & H3 & H4 & HD & Hv).
    assert (Hdiv : forall p q, 0 <= p <= 1 -> (q = 0 \/ 1 <= q) -> 0 <= p / q <= 1).
    { intros p q Hp [->|Hq]; [unfold Rdiv; rewrite Rinv_0; lra|].
      split; [apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra]|].
      apply (Rmult_le_reg_r q); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. nra. }
    assert (Hbin : forall a b, uss_binom a b = 0 \/ 1 <= uss_binom a b).
    { intros a0 b0. unfold uss_binom. destruct (Nat.leb_spec b0 a0); [right; apply uss_C_ge1; auto|left; auto]. }
    assert (HtD : 0 <= t / D <= 1).
    { split; [apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra]|].
      apply (Rmult_le_reg_r D); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
    destruct uss_z_bounds as [Hz _].
    intros x [B|o|B o] Hx.
    - simpl. unfold uss_block_entry. fold n D Kr.
      rewrite Hv, uss_open_total.
      destruct (S x); [destruct (B x)|]; apply Hdiv; try apply Hbin; lra.
    - simpl. rewrite uss_alone_value. destruct (S x); [lra|]. destruct (Nat.eqb x o); [|lra].
      destruct (Nat.eqb_spec K 1); [auto|].
      destruct (uss_shares ltac:(lia)) as ([Ha0 Ha1] & _). split; [apply Rmult_le_pos|]; nra.
    - simpl. rewrite uss_with_value. destruct (S x); [lra|]. destruct (Nat.eqb x o); [|lra].
      destruct (Nat.eqb_spec K 1) as [HK|HK].
      + rewrite (uss_with_zero_K1 HK). unfold Rdiv. rewrite Rmult_0_r, Rmult_0_l. lra.
      + destruct (uss_shares ltac:(lia)) as (_ & [Hw0 Hw1] & _).
        apply Hdiv; [split; [apply Rmult_le_pos|]; nra|right; auto].
  Qed.

  Lemma uss_rsum_at : forall x c, (x < k)%nat -> S x = false ->
    rsum k (fun o => if S o then 0 else if Nat.eqb x o then c else 0) = c.
  Proof.
    intros x c Hx HSx.
    rewrite (rsum_ext k _ (fun o => if Nat.eqb o x then c else 0)).
    - apply rsum_single; auto.
    - intros o Ho.
      destruct (Nat.eqb_spec o x) as [->|Hne]; [rewrite HSx, Nat.eqb_refl; reflexivity|].
      destruct (S o); [reflexivity|]. destruct (Nat.eqb_spec x o); [congruence|reflexivity].
  Qed.

  Lemma uss_rows : forall x, (x < k)%nat ->
    uss_holding k K S x * uss_block_entry k K S t x true
    + (uss_binom (uss_ncount k S) K - uss_holding k K S x) * uss_block_entry k K S t x false
    + rsum k (fun o => if S o then 0 else uss_alone_entry k K S t x o)
    + uss_binom (uss_ncount k S) K * rsum k (fun o => if S o then 0 else uss_with_entry k K S t x o)
    = 1.
  Proof.
    intros x Hx. destruct uss_basic as (H1 & H2 & H3 & H4 & HD & Hv).
    fold n. rewrite uss_binom_n.
    destruct (S x) eqn:HSx.
    - rewrite (rsum_ext k (fun o => if S o then 0 else uss_alone_entry k K S t x o) (fun _ => 0))
        by (intros o Ho; unfold uss_alone_entry; rewrite HSx; destruct (S o); auto).
      rewrite (rsum_ext k (fun o => if S o then 0 else uss_with_entry k K S t x o) (fun _ => 0))
        by (intros o Ho; unfold uss_with_entry; rewrite HSx; destruct (S o); auto).
      rewrite rsum_const, !Rmult_0_r, !Rplus_0_r.
      unfold uss_holding, uss_block_entry. rewrite HSx. cbv beta iota. fold n D.
      assert (HB1 : uss_binom (n - 1) (K - 1) = C * Kr / v).
      { unfold uss_binom. rewrite (proj2 (Nat.leb_le _ _)) by lia.
        pose proof (uss_C_holding n K ltac:(lia)) as HC. fold C v Kr in HC.
        apply (Rmult_eq_reg_r v); [|lra]. rewrite HC. field. lra. }
      rewrite uss_in_value, HB1.
      destruct (Nat.lt_ge_cases K n) as [HKn|HKn].
      + rewrite (uss_off_value HKn). unfold a.
        replace (C * Kr / v * (t * (v / (Kr * D * C))) + (C - C * Kr / v) * (v / (Kr * D * C)))
          with ((Kr * t + v - Kr) / (Kr * D)) by (field; repeat split; lra).
        rewrite <- HD. field. split; lra.
      + assert (HKe : Kr = v) by (unfold Kr, v; f_equal; lia).
        assert (HDt : D = t) by (rewrite HKe in HD; apply (Rmult_eq_reg_l v); lra).
        rewrite HKe. replace (C - C * v / v) with 0 by (field; lra).
        rewrite Rmult_0_l, Rplus_0_r. unfold a. rewrite HKe, HDt. field. repeat split; lra.
    - unfold uss_holding. rewrite HSx, !Rmult_0_l, Rplus_0_l, Rminus_0_r.
      rewrite (rsum_ext k (fun o => if S o then 0 else uss_alone_entry k K S t x o)
                 (fun o => if S o then 0 else if Nat.eqb x o then
                    (if Nat.eqb K 1 then z else z * alone_share) else 0))
        by (intros o Ho; rewrite uss_alone_value, HSx; reflexivity).
      rewrite (rsum_ext k (fun o => if S o then 0 else uss_with_entry k K S t x o)
                 (fun o => if S o then 0 else if Nat.eqb x o then z * with_share / C else 0))
        by (intros o Ho; rewrite uss_with_value, HSx; reflexivity).
      rewrite !uss_rsum_at by auto.
      unfold uss_block_entry. fold n D Kr. rewrite HSx, Hv, uss_binom_n.
      replace (C * (z * with_share / C)) with (z * with_share) by (field; lra).
      rewrite uss_open_total. replace (C * ((1 - z) / C)) with (1 - z) by (field; lra).
      destruct (Nat.eqb_spec K 1) as [HK|HK].
      + rewrite (uss_with_zero_K1 HK). ring.
      + destruct (uss_shares ltac:(lia)) as (_ & _ & _ & Hsum).
        replace alone_share with (1 - with_share) by lra. ring.
  Qed.

  Lemma uss_ratio : RatioBound k (uss_Yp k K S) (uss_Q k K S t) t.
  Proof.
    intros x x' [B| |] Hx Hx' Hy; try contradiction. simpl in Hy.
    rewrite !uss_block_value by auto. pose proof uss_a_pos.
    assert (0 <= t * a * (t - 1)) by (apply Rmult_le_pos; [apply Rmult_le_pos|]; lra).
    destruct (S x && B x)%bool, (S x' && B x')%bool; nra.
  Qed.

  (* The sole-source part: an open output o (either kind) is only produced by o. *)
  Lemma uss_sole : forall o y, (o < k)%nat -> S o = false ->
    (forall x, uss_Q k K S t x y = if S x then 0 else if Nat.eqb x o then uss_Q k K S t o y else 0) ->
    0 < uss_Q k K S t o y -> SoleNonSensitiveSource k S (uss_Q k K S t) y.
  Proof.
    intros o y Ho HSo Hshape Hpos. exists o. repeat split; auto.
    intros x' Hx' Hne. rewrite Hshape. destruct (S x'); auto.
    destruct (Nat.eqb_spec x' o); [congruence|auto].
  Qed.

  Lemma uss_open_positive : 1 < t -> forall y, uss_Yi k K S y ->
    exists o, (o < k)%nat /\ S o = false /\ 0 < uss_Q k K S t o y /\
      forall x, uss_Q k K S t x y = if S x then 0 else if Nat.eqb x o then uss_Q k K S t o y else 0.
  Proof.
    intros Ht1 [B|o|B o] Hy; simpl in Hy; [contradiction| |].
    - destruct Hy as (Ho & HSo & HK). exists o. split; [auto|split; [auto|split]].
      + simpl. rewrite uss_alone_value, HSo, Nat.eqb_refl. destruct uss_z_bounds as [_ Hz].
        destruct (Nat.eqb_spec K 1); [auto|].
        destruct (uss_shares ltac:(lia)) as (_ & _ & Ha & _).
        apply Rmult_lt_0_compat; [auto|apply Ha; lia].
      + intros x. simpl. rewrite !uss_alone_value, HSo, Nat.eqb_refl.
        destruct (S x); reflexivity.
    - destruct Hy as (Ho & HSo & HB & HK). exists o. split; [auto|split; [auto|split]].
      + simpl. rewrite uss_with_value, HSo, Nat.eqb_refl. destruct uss_z_bounds as [_ Hz].
        destruct (uss_shares HK) as (_ & [Hw _] & _). destruct uss_basic as (_ & _ & HC & _).
        apply Rdiv_lt_0_compat; [apply Rmult_lt_0_compat|]; auto; lra.
      + intros x. simpl. rewrite !uss_with_value, HSo, Nat.eqb_refl.
        destruct (S x); reflexivity.
  Qed.

  Lemma uss_cond1_literal : 1 < t -> Cond1Literal k S (uss_Yi k K S) (uss_Q k K S t).
  Proof.
    intros Ht1 y Hy. destruct (uss_open_positive Ht1 y Hy) as (o & Ho & HSo & Hpos & Hshape).
    apply (uss_sole o); auto.
  Qed.

  Lemma uss_cond1_reachable : Cond1Reachable k S (uss_Yi k K S) (uss_Q k K S t).
  Proof.
    intros y Hy Hr.
    destruct (Rlt_or_le 1 t) as [Ht1|Ht1]; [apply uss_cond1_literal; auto|].
    exfalso. destruct Hr as (x & Hx & Hpos).
    assert (Hz0 : z = 0) by (unfold z; replace (t - 1) with 0 by lra; unfold Rdiv; ring).
    destruct y as [B|o|B o]; simpl in Hy; [contradiction| |].
    - simpl in Hpos. rewrite uss_alone_value, Hz0 in Hpos.
      destruct (S x); [lra|]. destruct (Nat.eqb x o); [|lra]. destruct (Nat.eqb K 1); lra.
    - simpl in Hpos. rewrite uss_with_value, Hz0 in Hpos.
      destruct (S x); [lra|]. destruct (Nat.eqb x o); [|lra]. unfold Rdiv in Hpos. lra.
  Qed.

  Lemma uss_attained : (K < uss_ncount k S)%nat \/ (uss_ncount k S < k)%nat ->
    RatioAttained k (uss_Yp k K S) (uss_Q k K S t) t.
  Proof.
    intros Hcase. pose proof uss_a_pos.
    pose proof (uss_first_block k K S HKv) as Hblk.
    destruct (uss_rank_exists k S 0 ltac:(lia)) as (x & Hx & HSx & Hrx).
    assert (HBx : uss_first K S x = true)
      by (unfold uss_first; rewrite HSx, Hrx; apply Nat.ltb_lt; lia).
    assert (Hin : uss_Q k K S t x (UssBlock (uss_first K S)) = t * a)
      by (rewrite uss_block_value by auto; rewrite HSx, HBx; auto).
    destruct Hcase as [HKn|Hnn].
    - destruct (uss_rank_exists k S K HKn) as (x' & Hx' & HSx' & Hrx').
      assert (HBx' : uss_first K S x' = false)
        by (unfold uss_first; rewrite HSx', Hrx'; simpl; apply Nat.ltb_irrefl).
      exists x, x', (UssBlock (uss_first K S)).
      split; [auto|]. split; [auto|]. split; [exact Hblk|]. split.
      + rewrite uss_block_value by auto. rewrite HSx', HBx'. simpl. auto.
      + rewrite Hin, uss_block_value by auto. rewrite HSx', HBx'. simpl. auto.
    - destruct (uss_nonsensitive_exists k S Hnn) as (x' & Hx' & HSx').
      exists x, x', (UssBlock (uss_first K S)).
      split; [auto|]. split; [auto|]. split; [exact Hblk|]. split.
      + rewrite uss_block_value by auto. rewrite HSx'. simpl. auto.
      + rewrite Hin, uss_block_value by auto. rewrite HSx'. simpl. auto.
  Qed.
End UssFacts.

(* uldp:statement uss_uldp *)
Theorem uss_uldp : forall (k K : nat) (S : nat -> bool) (t : R),
  1 <= t -> (1 <= K)%nat -> (K <= uss_ncount k S)%nat ->
  (forall x y, (x < k)%nat -> 0 <= uss_Q k K S t x y <= 1) /\
  (forall x, (x < k)%nat ->
     uss_holding k K S x * uss_block_entry k K S t x true
     + (uss_binom (uss_ncount k S) K - uss_holding k K S x) * uss_block_entry k K S t x false
     + rsum k (fun o => if S o then 0 else uss_alone_entry k K S t x o)
     + uss_binom (uss_ncount k S) K
       * rsum k (fun o => if S o then 0 else uss_with_entry k K S t x o) = 1) /\
  ULDP k S (uss_Yp k K S) (uss_Yi k K S) (uss_Q k K S t) t /\
  (1 < t -> ULDPLiteral k S (uss_Yp k K S) (uss_Yi k K S) (uss_Q k K S t) t) /\
  ((K < uss_ncount k S)%nat \/ (uss_ncount k S < k)%nat ->
   RatioAttained k (uss_Yp k K S) (uss_Q k K S t) t).
(* uldp:end *)
Proof.
  intros k K S t Ht HK1 HKv.
  split; [apply uss_entries; auto|].
  split; [apply uss_rows; auto|].
  split; [split; [apply uss_cond1_reachable|apply uss_ratio]; auto|].
  split; [intros Ht1; split; [apply uss_cond1_literal|apply uss_ratio]; auto|].
  apply uss_attained; auto.
Qed.

Print Assumptions uss_uldp.
