(* urap_uldp and its two refutations: the (X_S, theta, eps)-utility-optimized RAPPOR
   (Definition 4, eqs. (7)-(8) of arXiv 1807.11317). Outputs are bit vectors y : nat -> bool
   (bits 0..k-1 are read); Q(y|x) is the product over j < k of Pr(y_j | x), bit j being 1 with
   probability theta (j in X_S, j = x), d1 = theta / ((1 - theta) t + theta) (j in X_S, j <> x),
   1 - d2 with d2 = ((1 - theta) t + theta) / t (j in X_N, j = x) and 0 (j in X_N, j <> x).
   Y_P = the vectors whose non-sensitive bits are all 0 (eq. (7)), Y_I = the others. X_S is any
   predicate S on 0..k-1. As a bonus, every row sums to 1 over the 2^k vectors
   (urap_rows_sum_1). *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement urap_uldp urap_not_ldp urap_literal_two_nonsensitive_bits *)
Definition urap_d1 (theta t : R) : R := theta / ((1 - theta) * t + theta).

Definition urap_d2 (theta t : R) : R := ((1 - theta) * t + theta) / t.

Definition urap_on (S : nat -> bool) (theta t : R) (x j : nat) : R :=
  if S j then (if Nat.eqb j x then theta else urap_d1 theta t)
  else (if Nat.eqb j x then 1 - urap_d2 theta t else 0).

Definition urap_Q (k : nat) (S : nat -> bool) (theta t : R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then urap_on S theta t x j else 1 - urap_on S theta t x j).
(* uldp:end *)

(* uldp:statement urap_uldp urap_literal_two_nonsensitive_bits *)
Definition urap_Yp (k : nat) (S : nat -> bool) (y : nat -> bool) : Prop :=
  forall j, (j < k)%nat -> S j = false -> y j = false.

Definition urap_Yi (k : nat) (S : nat -> bool) (y : nat -> bool) : Prop :=
  exists j, (j < k)%nat /\ S j = false /\ y j = true.
(* uldp:end *)

(* helper lemmas, not part of the statement *)


(** Counting: a sensitive input exists, and two inputs of a set of size <= 1 are equal. *)
Lemma count_pos_exists : forall n p, 1 <= count n p -> exists i, (i < n)%nat /\ p i = true.
Proof.
  induction n; intros p H; unfold count in *; simpl in H; [lra|].
  destruct (p n) eqn:E; [exists n; split; [lia|assumption]|].
  destruct (IHn p) as (i & Hi & Hp); [unfold count; lra|]. exists i. split; [lia|assumption].
Qed.

Lemma count_le_1_unique : forall n p i j, count n p <= 1 -> (i < n)%nat -> (j < n)%nat ->
  p i = true -> p j = true -> i = j.
Proof.
  intros n p i j H Hi Hj Pi Pj. destruct (Nat.eq_dec i j) as [|Hne]; [assumption|exfalso].
  assert (2 <= count n p); [|lra].
  assert (E : rsum n (fun l => (if Nat.eqb l i then 1 else 0) + (if Nat.eqb l j then 1 else 0))
              = 2) by (rewrite rsum_plus, (rsum_single n i 1 Hi), (rsum_single n j 1 Hj); lra).
  unfold count. rewrite <- E. apply rsum_le. intros l _.
  destruct (Nat.eqb_spec l i), (Nat.eqb_spec l j); subst; try congruence;
    try rewrite Pi; try rewrite Pj; try lra. destruct (p l); lra.
Qed.

(** The constants: with U = (1 - theta) t + theta >= 1, d1 U = theta, d2 t = U. *)
Lemma urap_facts : forall theta t, 1 <= t -> 0 < theta < 1 ->
  1 <= (1 - theta) * t + theta /\
  urap_d1 theta t * ((1 - theta) * t + theta) = theta /\
  (1 - urap_d1 theta t) * ((1 - theta) * t + theta) = (1 - theta) * t /\
  urap_d1 theta t * urap_d2 theta t * t = theta /\
  (1 - urap_d1 theta t) * urap_d2 theta t = 1 - theta /\
  urap_d2 theta t * t = (1 - theta) * t + theta /\
  0 < urap_d1 theta t < 1 /\ 0 < urap_d2 theta t <= 1.
Proof.
  intros theta t Ht Hth.
  assert (HU : 1 <= (1 - theta) * t + theta) by nra.
  assert (E1 : urap_d1 theta t * ((1 - theta) * t + theta) = theta)
    by (unfold urap_d1; field; lra).
  assert (E2 : urap_d2 theta t * t = (1 - theta) * t + theta) by (unfold urap_d2; field; lra).
  assert (E5 : (1 - urap_d1 theta t) * urap_d2 theta t = 1 - theta)
    by (unfold urap_d1, urap_d2; field; lra).
  set (U := (1 - theta) * t + theta) in *.
  set (d1 := urap_d1 theta t) in *. set (d2 := urap_d2 theta t) in *.
  assert (E4 : d1 * d2 * t = theta) by (replace (d1 * d2 * t) with (d1 * (d2 * t)) by ring;
                                        rewrite E2; exact E1).
  repeat split; try assumption.
  - unfold U in *. lra.
  - apply (Rmult_lt_reg_r U); lra.
  - apply (Rmult_lt_reg_r U); [lra|]. rewrite E1. unfold U. nra.
  - apply (Rmult_lt_reg_r t); lra.
  - apply (Rmult_le_reg_r t); [lra|]. rewrite E2. unfold U. nra.
Qed.

Lemma urap_on_range : forall S theta t x j, 1 <= t -> 0 < theta < 1 ->
  0 <= urap_on S theta t x j <= 1.
Proof.
  intros S theta t x j Ht Hth. destruct (urap_facts theta t Ht Hth) as (_&_&_&_&_&_&H1&H2).
  unfold urap_on. destruct (S j), (Nat.eqb j x); lra.
Qed.

Lemma urap_Q_nonneg : forall k S theta t x y, 1 <= t -> 0 < theta < 1 ->
  0 <= urap_Q k S theta t x y.
Proof.
  intros. apply rprod_nonneg. intros j _.
  pose proof (urap_on_range S theta t x j H H0). destruct (y j); lra.
Qed.

(** The two bits that differ, cross-multiplied: sx, sx' say whether x, x' are sensitive,
    (u, v) = (y_x, y_x'); a non-sensitive bit of an output of Y_P is 0. *)
Lemma urap_pair_le : forall theta t (sx sx' u v : bool), 1 <= t -> 0 < theta < 1 ->
  (sx = false -> u = false) -> (sx' = false -> v = false) ->
  let on (s : bool) := if s then theta else 1 - urap_d2 theta t in
  let off (s : bool) := if s then urap_d1 theta t else 0 in
  (if u then on sx else 1 - on sx) * (if v then off sx' else 1 - off sx')
  <= t * ((if u then off sx else 1 - off sx) * (if v then on sx' else 1 - on sx')).
Proof.
  intros theta t sx sx' u v Ht Hth Hu Hv on off. subst on off. cbv beta.
  destruct (urap_facts theta t Ht Hth) as (HU & E1 & E3 & E4 & E5 & E2 & Hd1 & Hd2).
  set (U := (1 - theta) * t + theta) in *.
  set (d1 := urap_d1 theta t) in *. set (d2 := urap_d2 theta t) in *.
  destruct sx, sx'.
  - (* both sensitive: generalized RAPPOR's pair *)
    destruct u, v.
    + assert (0 <= theta * d1) by nra. nra.
    + apply (Rmult_le_reg_r U); [lra|].
      replace (theta * (1 - d1) * U) with (theta * ((1 - d1) * U)) by ring.
      replace (t * (d1 * (1 - theta)) * U) with (t * (1 - theta) * (d1 * U)) by ring.
      rewrite E1, E3. lra.
    + apply (Rmult_le_reg_r U); [lra|].
      replace ((1 - theta) * d1 * U) with ((1 - theta) * (d1 * U)) by ring.
      replace (t * ((1 - d1) * theta) * U) with (t * theta * ((1 - d1) * U)) by ring.
      rewrite E1, E3. assert (0 <= (1 - theta) * theta) by nra. assert (1 <= t * t) by nra.
      nra.
    + assert (0 <= (1 - theta) * (1 - d1)) by nra. nra.
  - (* x sensitive, x' not: v = 0 *)
    rewrite (Hv eq_refl). destruct u; lra.
  - (* x not sensitive: u = 0 *)
    rewrite (Hu eq_refl). destruct v.
    + assert (0 <= d1 * d2) by nra. nra.
    + nra.
  - rewrite (Hu eq_refl), (Hv eq_refl). nra.
Qed.

Lemma urap_ratio : forall k S theta t, 1 <= t -> 0 < theta < 1 ->
  RatioBound k (urap_Yp k S) (urap_Q k S theta t) t.
Proof.
  intros k S theta t Ht Hth x x' y Hx Hx' Hy.
  destruct (Nat.eq_dec x x') as [<-|Hne].
  { pose proof (urap_Q_nonneg k S theta t x y Ht Hth). nra. }
  unfold urap_Q.
  destruct (rprod_pair_common k
    (fun j => if y j then urap_on S theta t x j else 1 - urap_on S theta t x j)
    (fun j => if y j then urap_on S theta t x' j else 1 - urap_on S theta t x' j) x x' Hx Hx' Hne)
    as (C & HC & _ & -> & ->).
  - intros j _ Hj Hj'. unfold urap_on.
    destruct (Nat.eqb_spec j x), (Nat.eqb_spec j x'); try lia. reflexivity.
  - assert (0 <= C).
    { apply HC. intros j _ _ _. pose proof (urap_on_range S theta t x j Ht Hth).
      destruct (y j); lra. }
    unfold urap_on. rewrite Nat.eqb_refl, Nat.eqb_refl.
    destruct (Nat.eqb_spec x' x) as [E|_]; [congruence|].
    destruct (Nat.eqb_spec x x') as [E|_]; [congruence|].
    pose proof (urap_pair_le theta t (S x) (S x') (y x) (y x') Ht Hth (Hy x Hx) (Hy x' Hx'))
      as P.
    cbv beta in P. apply (Rmult_le_compat_r C) in P; [|assumption].
    destruct (S x), (S x'); nra.
Qed.

Lemma urap_attained : forall k S theta t, 1 <= t -> 0 < theta < 1 -> 1 <= count k S ->
  (2 <= k)%nat -> RatioAttained k (urap_Yp k S) (urap_Q k S theta t) t.
Proof.
  intros k S theta t Ht Hth HS Hk.
  destruct (count_pos_exists k S HS) as (s & Hs & HSs).
  destruct (urap_facts theta t Ht Hth) as (HU & E1 & E3 & E4 & E5 & E2 & Hd1 & Hd2).
  set (U := (1 - theta) * t + theta) in *.
  set (d1 := urap_d1 theta t) in *. set (d2 := urap_d2 theta t) in *.
  set (x' := if Nat.eqb s 0 then 1%nat else 0%nat).
  assert (Hx' : (x' < k)%nat /\ s <> x') by (unfold x'; destruct (Nat.eqb_spec s 0); lia).
  destruct Hx' as [Hx' Hne].
  set (y := fun j => Nat.eqb j s).
  exists s, x', y. unfold urap_Q.
  destruct (rprod_pair_common k
    (fun j => if y j then urap_on S theta t s j else 1 - urap_on S theta t s j)
    (fun j => if y j then urap_on S theta t x' j else 1 - urap_on S theta t x' j) s x'
    Hs Hx' Hne) as (C & _ & HC & -> & ->).
  - intros j _ Hj Hj'. unfold urap_on.
    destruct (Nat.eqb_spec j s), (Nat.eqb_spec j x'); try lia. reflexivity.
  - assert (0 < C).
    { apply HC. intros j _ Hj0 Hj1. unfold y, urap_on.
      destruct (Nat.eqb_spec j s); [lia|]. destruct (Nat.eqb_spec j x'); [lia|].
      destruct (S j); fold d1; lra. }
    unfold y, urap_on. rewrite !Nat.eqb_refl, HSs.
    destruct (Nat.eqb_spec x' s) as [E|_]; [congruence|].
    destruct (Nat.eqb_spec s x') as [E|_]; [congruence|].
    fold d1 d2.
    repeat split; try assumption.
    + intros j Hj HSj. unfold y. destruct (Nat.eqb_spec j s); [congruence|reflexivity].
    + destruct (S x'); apply Rmult_lt_0_compat; try lra; apply Rmult_lt_0_compat; lra.
    + destruct (S x').
      * apply (Rmult_eq_reg_r U); [|lra].
        replace (theta * (1 - d1) * C * U) with (theta * C * ((1 - d1) * U)) by ring.
        replace (t * (d1 * (1 - theta) * C) * U) with (t * (1 - theta) * C * (d1 * U)) by ring.
        rewrite E1, E3. ring.
      * replace (t * (d1 * (1 - (1 - d2)) * C)) with (d1 * d2 * t * C) by ring.
        rewrite E4. ring.
Qed.

(** Condition 1: an output of Y_I has a non-sensitive bit j set, which only input j sets. *)
Lemma urap_other_zero : forall k S theta t x y j, (j < k)%nat -> S j = false -> y j = true ->
  x <> j -> urap_Q k S theta t x y = 0.
Proof.
  intros k S theta t x y j Hj HSj Hyj Hne. unfold urap_Q.
  apply (rprod_zero k _ j Hj). rewrite Hyj. unfold urap_on. rewrite HSj.
  destruct (Nat.eqb_spec j x); [congruence|reflexivity].
Qed.

Lemma urap_cond1_reachable : forall k S theta t,
  Cond1Reachable k S (urap_Yi k S) (urap_Q k S theta t).
Proof.
  intros k S theta t y (j & Hj & HSj & Hyj) (x & Hx & Hpos).
  destruct (Nat.eq_dec x j) as [->|Hne].
  - exists j. repeat split; try assumption.
    intros x' _ Hne'. apply (urap_other_zero k S theta t x' y j); assumption.
  - rewrite (urap_other_zero k S theta t x y j Hj HSj Hyj Hne) in Hpos. lra.
Qed.

Lemma urap_cond1_literal : forall k S theta t, 1 < t -> 0 < theta < 1 ->
  count k (fun j => negb (S j)) <= 1 -> Cond1Literal k S (urap_Yi k S) (urap_Q k S theta t).
Proof.
  intros k S theta t Ht Hth HN y (j & Hj & HSj & Hyj).
  destruct (urap_facts theta t ltac:(lra) Hth) as (HU & E1 & E3 & E4 & E5 & E2 & Hd1 & Hd2).
  exists j. repeat split; try assumption.
  - unfold urap_Q. apply rprod_pos. intros l Hl. unfold urap_on.
    destruct (Nat.eq_dec l j) as [->|Hne].
    + rewrite Hyj, HSj, Nat.eqb_refl.
      assert (urap_d2 theta t < 1); [|lra].
      apply (Rmult_lt_reg_r t); [lra|]. rewrite E2. nra.
    + destruct (Nat.eqb_spec l j) as [E|_]; [congruence|].
      destruct (S l) eqn:HSl.
      * destruct (y l); lra.
      * assert (l = j); [|congruence].
        apply (count_le_1_unique k (fun j => negb (S j))); try assumption.
        -- rewrite HSl. reflexivity.
        -- rewrite HSj. reflexivity.
  - intros x' _ Hne. apply (urap_other_zero k S theta t x' y j); assumption.
Qed.

Theorem urap_rows_sum_1 : forall k S theta t x,
  vsum k (fun y => urap_Q k S theta t x y) = 1.
Proof. intros. unfold urap_Q. apply vsum_bits. Qed.

(* uldp:statement urap_uldp *)
Theorem urap_uldp : forall (t theta : R) (k : nat) (S : nat -> bool),
  1 <= t -> 0 < theta < 1 -> 1 <= count k S ->
  (forall x j, (x < k)%nat -> (j < k)%nat -> 0 <= urap_on S theta t x j <= 1) /\
  ULDP k S (urap_Yp k S) (urap_Yi k S) (urap_Q k S theta t) t /\
  ((2 <= k)%nat -> RatioAttained k (urap_Yp k S) (urap_Q k S theta t) t) /\
  (1 < t -> count k (fun j => negb (S j)) <= 1 ->
   Cond1Literal k S (urap_Yi k S) (urap_Q k S theta t)).
(* uldp:end *)
Proof.
  intros t theta k S Ht Hth HS. split; [|split; [|split]].
  - intros. apply urap_on_range; assumption.
  - split; [apply urap_cond1_reachable | apply urap_ratio; assumption].
  - intros Hk. apply urap_attained; assumption.
  - intros Ht' HN. apply urap_cond1_literal; assumption.
Qed.

(* The refutations, at X = {0, 1} (resp. {0, 1, 2}), X_S = {0}, theta = 1/2, t = 2, where
   d1 = 1/3 and d2 = 3/4. *)

(* uldp:statement urap_not_ldp *)
Theorem urap_not_ldp :
  ~ LDP 2 (fun _ => True) (urap_Q 2 (fun j => Nat.eqb j 0) (1 / 2) 2) 2.
(* uldp:end *)
Proof.
  (* y = 01 (bit 1 set): Q(y|1) = (1 - d1)(1 - d2) = 1/6 > 0 = 2 Q(y|0). *)
  intro H. specialize (H 1%nat 0%nat (fun j => Nat.eqb j 1) ltac:(lia) ltac:(lia) I).
  revert H. unfold urap_Q, urap_on, urap_d1, urap_d2. simpl.
  replace (1 / 2 / ((1 - 1 / 2) * 2 + 1 / 2)) with (1 / 3) by field.
  replace (((1 - 1 / 2) * 2 + 1 / 2) / 2) with (3 / 4) by field.
  lra.
Qed.

(* uldp:statement urap_literal_two_nonsensitive_bits *)
Theorem urap_literal_two_nonsensitive_bits :
  ~ Cond1Literal 3 (fun j => Nat.eqb j 0) (urap_Yi 3 (fun j => Nat.eqb j 0))
      (urap_Q 3 (fun j => Nat.eqb j 0) (1 / 2) 2).
(* uldp:end *)
Proof.
  (* y = 011 is in Y_I, and each of its two non-sensitive bits is set only by its own input:
     Q(y|x) = 0 for every x, so y has no source. *)
  intro H.
  destruct (H (fun j => negb (Nat.eqb j 0))) as (x & Hx & HSx & Hpos & _).
  { exists 1%nat. repeat split; lia. }
  revert Hpos. unfold urap_Q, urap_on.
  destruct x as [|[|[|x]]]; try lia; simpl in HSx |- *; try discriminate; lra.
Qed.

Print Assumptions urap_uldp.
Print Assumptions urap_not_ldp.
Print Assumptions urap_literal_two_nonsensitive_bits.
Print Assumptions urap_rows_sum_1.
